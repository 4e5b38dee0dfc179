import type { Rng } from './random.ts';

/**
 * Governor names as they appear in real kingdoms: many scripts side by side, gamer tags, numbers and the
 * decorative symbols players love. Kingdoms lean towards one community's language, as real ones do, which also
 * gives the search box, avatars (first two letters) and exports a realistic range of Unicode to handle.
 */

const SCRIPTS = [
  'latin',
  'cyrillic',
  'chinese',
  'korean',
  'vietnamese',
  'arabic',
  'turkish',
  'japanese',
] as const;
export type Script = (typeof SCRIPTS)[number];

/** Main language community per demo kingdom (by position); 'mix' is an international kingdom. */
const KINGDOM_LEAN: readonly (Script | 'mix')[] = [
  'mix',
  'cyrillic',
  'chinese',
  'korean',
  'vietnamese',
  'arabic',
  'latin',
  'turkish',
  'japanese',
  'latin',
  'mix',
  'vietnamese',
];

/** Word lists are written as comma-separated text so that they stay compact. */
function words(list: string): readonly string[] {
  return list.split(',').map((word) => word.trim());
}

const LATIN_ADJ = words(
  'Dark, Shadow, Iron, Storm, Night, Blood, Silent, Wild, Grim, Frost, Fire, Black, Red, Golden, ' +
    'Steel, Lone, Mad, Savage, Holy, Royal, Crimson, Swift, Lucky',
);
const LATIN_NOUN = words(
  'Wolf, Blade, Knight, Reaper, Hunter, Dragon, Raven, Lion, Viper, Hawk, Titan, Ghost, Slayer, ' +
    'Rider, Fang, Bear, Phoenix, Warden, King, Baron, Panda, Fox',
);
const LATIN_FIRST = words(
  'Marco, Lukas, Pedro, Juan, Diego, Carlos, Mateo, Rafael, Thiago, John, Mike, Alex, Chris, ' +
    'Emma, Sofia, Lena, Max, Felix, Jonas, Pierre, Luca, Giovanni, Jan, Piotr, Tomas, Andrei, ' +
    'Noah, Liam, Ethan, Joao, Kevin, Dennis, Hugo, Nina',
);
const LATIN_EPIC = words(
  'Leonidas, Ragnar, Caesar, Hannibal, Saladin, Attila, Spartacus, Achilles, Odin, Thor, Loki, ' +
    'Ares, Kratos, Arthur, Lancelot, Cyrus, Khan, Bjorn, Ivar, Tristan',
);
const LATIN_TITLE = words('Lord, Sir, King, Queen, Lady, Don, General, Captain');
const ROMAN = words('II, III, IV, V, VII, X');
const RU_ADJ = words('Тёмный, Злой, Белый, Чёрный, Старый, Северный, Дикий, Седой, Серый, Лютый');
const RU_NOUN = words(
  'Волк, Медведь, Князь, Сокол, Дракон, Викинг, Ворон, Барон, Казак, Воевода, Кот, Лис, Шаман, ' +
    'Рыцарь, Охотник, Варяг, Богатырь',
);
const RU_FIRST = words(
  'Алексей, Дмитрий, Серёга, Иван, Саня, Макс, Артём, Никита, Олег, Игорь, Вова, Андрюха, Юрий, ' +
    'Денис, Катя, Наталья',
);
const ZH_WORD = words(
  '战神, 龙王, 风云, 天下, 无敌, 霸王, 孤狼, 月影, 剑心, 雪狐, 火凤, 苍穹, 逍遥, 君临, 一世, 狂战, 傲天, 冷月, 杀神, 飞鹰, 小白, 老王, 大熊, ' +
    '神话, 清风, 明月, 长安, 江湖, 英雄, 浪子, 红尘, 帝皇, 夜雨',
);
const KO_WORD = words(
  '검은늑대, 하늘, 바람, 용사, 전사, 불꽃, 별빛, 태양, 폭풍, 사자, 호랑이, 달빛, 천사, 왕자, 기사, 흑룡, 백호, 청룡, 무적, 전설, 그림자, 늑대',
);
const KO_NAME = words('민준, 서준, 지훈, 현우, 도윤, 하준, 지민, 수아, 서연, 재현, 동현');
const VI_WORD = words(
  'Chiến Thần, Hoàng Long, Bá Vương, Thiên Hạ, Sát Thủ, Hắc Long, Phong Vân, Tiểu Long, Vô Danh, ' +
    'Anh Hùng, Đại Ca, Minh Quân, Tuấn Anh, Thanh Tùng, Long Vương, Hổ Báo, Bóng Đêm, Lãng Tử, ' +
    'Độc Cô, Quân Vương, Ông Trùm, Kiếm Khách, Tiêu Dao',
);
const AR_WORD = words(
  'فارس الليل, صقر, الذيب, أسد, ملك, سيف, نمر, القائد, الأمير, الشيخ, ذئب الصحراء, صقر الجزيرة, ' +
    'الفهد, الزعيم, برق, عاصفة',
);
const AR_NAME = words('محمد, عبدالله, خالد, فهد, سلطان, ناصر, تركي, بندر, سعود, فيصل, حمد');
const AR_LATIN = words('Abu Fahad, Sultan, Sheikh, Saqr, Fares, Al Malik, Abu Saud, Emir');
const TR_WORD = words(
  'Bozkurt, Kılıç, Şahin, Kurt, Aslan, Yıldırım, Kartal, Ejder, Yiğit, Fatih, Osmanlı, Akıncı, ' +
    'Alparslan, Kara Şahin, Deli Kurt, Çelik',
);
const TR_NAME = words('Mehmet, Mustafa, Emre, Burak, Kaan, Selim, Murat, Ahmet, Oğuz, Barış');
const JA_WORD = words(
  'サムライ, 侍, 忍者, 影丸, ゆうき, さくら, 鬼神, 桜, 武蔵, 信長, 龍馬, たけし, はやと, 月光, 疾風, ハヤブサ, シノビ, 紅蓮, ひかり',
);
/** Wrappers players decorate names with; `{}` is the name. */
const DECORATIONS = words(
  '꧁{}꧂, ༒{}༒, 『{}』, 【{}】, ★{}★, 乂{}乂, {}ᴳᵒᵈ, {}丶, ツ{}, {}彡, ᴷᴵᴺᴳ丶{}, {}⚔, 〆{}, 亗{}亗, ×{}×, {}✰, ' +
    '☆{}, ミ{}, {}々, ♛{}',
);

export class NameFactory {
  private readonly used = new Set<string>();

  constructor(private readonly rng: Rng) {}

  /** A name not used by any other governor (case-insensitive), leaning towards the kingdom's community. */
  governorName(kingdomIndex: number): string {
    for (let attempt = 0; attempt < 8; attempt++) {
      const name = this.decorate(this.raw(this.scriptFor(kingdomIndex)));
      if (this.claim(name)) return name;
    }
    // Popular names run out; real players then add digits.
    for (;;) {
      const name = `${this.raw(this.scriptFor(kingdomIndex))}${this.rng.int(10, 9999)}`;
      if (this.claim(name)) return name;
    }
  }

  /** Marks names as taken, so that a factory started later never hands out a name someone already has. */
  reserve(names: Iterable<string>): void {
    for (const name of names) this.used.add(name.toLowerCase());
  }

  private claim(name: string): boolean {
    const key = name.toLowerCase();
    if (this.used.has(key)) return false;
    this.used.add(key);
    return true;
  }

  private scriptFor(kingdomIndex: number): Script {
    const lean = KINGDOM_LEAN[kingdomIndex % KINGDOM_LEAN.length]!;
    // An international kingdom still has a Latin-script majority.
    if (lean === 'mix') return this.rng.chance(0.45) ? 'latin' : this.rng.pick(SCRIPTS);
    if (this.rng.chance(0.55)) return lean;
    return this.rng.chance(0.5) ? 'latin' : this.rng.pick(SCRIPTS);
  }

  private decorate(name: string): string {
    if (!this.rng.chance(0.14)) return name;
    return this.rng.pick(DECORATIONS).replace('{}', name);
  }

  private raw(script: Script): string {
    const r = this.rng;
    const digits = () => String(r.chance(0.5) ? r.int(1, 99) : r.int(100, 2024));
    // Two different words: '용사의용사' reads as a generator bug, not a player.
    const pair = (words: readonly string[], joiner = '') => r.sample(words, 2).join(joiner);
    switch (script) {
      case 'latin':
        return r.weighted<() => string>([
          [() => r.pick(LATIN_ADJ) + r.pick(LATIN_NOUN), 4],
          [() => r.pick(LATIN_FIRST) + digits(), 3],
          [() => `xX${r.pick(LATIN_NOUN)}Xx`, 1],
          [() => `${r.pick(LATIN_TITLE)} ${r.pick([...LATIN_EPIC, ...LATIN_FIRST])}`, 2],
          [() => `${r.pick(LATIN_ADJ)}_${r.pick(LATIN_NOUN)}`.toLowerCase(), 2],
          [() => `${r.pick(LATIN_EPIC)}${r.chance(0.5) ? ` ${r.pick(ROMAN)}` : ''}`, 2],
          [() => `${r.pick(LATIN_FIRST)} ${r.pick(LATIN_NOUN)}`, 1],
        ])();
      case 'cyrillic':
        return r.weighted<() => string>([
          [() => `${r.pick(RU_ADJ)} ${r.pick(RU_NOUN)}`, 4],
          [() => r.pick(RU_NOUN) + digits(), 2],
          [() => `${r.pick(RU_FIRST)}_${digits()}`, 2],
          [() => r.pick(RU_FIRST), 1],
        ])();
      case 'chinese':
        return r.weighted<() => string>([
          [() => pair(ZH_WORD), 4],
          [() => r.pick(ZH_WORD), 2],
          [() => `丶${r.pick(ZH_WORD)}`, 1],
          [() => r.pick(ZH_WORD) + digits(), 1],
        ])();
      case 'korean':
        return r.weighted<() => string>([
          [() => pair(KO_WORD, '의'), 2],
          [() => pair(KO_WORD), 2],
          [() => r.pick(KO_NAME) + digits(), 2],
          [() => `${r.pick(KO_WORD)}ㅋㅋ`, 1],
        ])();
      case 'vietnamese':
        return r.weighted<() => string>([
          [() => r.pick(VI_WORD), 3],
          [() => `${r.pick(VI_WORD)} ${r.int(1, 99)}`, 2],
          // Many Vietnamese players type without diacritics and spaces.
          [() => stripDiacritics(r.pick(VI_WORD)).replace(/ /g, '') + digits(), 2],
          [() => `x${stripDiacritics(r.pick(VI_WORD)).replace(/ /g, '')}`, 1],
        ])();
      case 'arabic':
        return r.weighted<() => string>([
          [() => r.pick(AR_WORD), 3],
          [() => `أبو ${r.pick(AR_NAME)}`, 2],
          [() => `${r.pick(AR_NAME)} ${r.pick(AR_WORD)}`, 2],
          [() => r.pick(AR_LATIN) + (r.chance(0.5) ? `_${digits()}` : ''), 2],
        ])();
      case 'turkish':
        return r.weighted<() => string>([
          [() => r.pick(TR_WORD), 3],
          [() => `${r.pick(TR_NAME)} Paşa`, 1],
          [() => r.pick(TR_WORD) + digits(), 2],
          [() => `${r.pick(TR_NAME)}_${r.pick(TR_WORD)}`, 2],
        ])();
      case 'japanese':
        return r.weighted<() => string>([
          [() => r.pick(JA_WORD), 3],
          [() => pair(JA_WORD), 2],
          [() => r.pick(JA_WORD) + digits(), 2],
        ])();
    }
  }
}

const TAG_LETTERS = 'ABCDEFGHJKLMNOPRSTUVWXYZ';
const TAG_WORDS = words(
  'WOLF, LION, RAGE, FURY, NOVA, ZEUS, ODIN, KAOS, SPQR, VALK, ' +
    'DRKN, HAWK, ONYX, APEX, AXIS, GODS, RISE, WAR1, TITN, HYDR',
);
const TAG_CJK = ['龍魂', '天下', '霸業', '战神', '风云', '王者'];

/**
 * Alliance tags as stored: the text between the brackets of '[ABC1]'. Each is unique across the demo; `cjk` lets
 * a Chinese-speaking kingdom have a tag in its own script.
 */
export function allianceTags(rng: Rng, count: number, used: Set<string>, cjk: boolean): string[] {
  const letter = () => TAG_LETTERS[rng.int(0, TAG_LETTERS.length - 1)]!;
  const tags: string[] = [];
  while (tags.length < count) {
    const tag = rng.weighted<() => string>([
      [() => `${letter()}${letter()}${letter()}${rng.int(1, 9)}`, 5],
      [() => `${letter()}${letter()}${String(rng.int(0, 99)).padStart(2, '0')}`, 2],
      [() => rng.pick(TAG_WORDS), 2],
      [() => `${letter()}${letter().toLowerCase()}${letter()}${letter().toLowerCase()}`, 1],
      [() => `x${letter()}${letter()}x`, 1],
      [() => (cjk ? rng.pick(TAG_CJK) : `${letter()}${letter()}${letter()}`), cjk ? 2 : 1],
    ])();
    if (used.has(tag.toLowerCase())) continue;
    used.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** The farm alliance of a main alliance, named the way kingdoms do: 'ABC1' → 'ABCf'. */
export function farmTag(mainTag: string, used: Set<string>): string {
  for (const candidate of [
    `${mainTag.slice(0, 3)}f`,
    `F${mainTag.slice(0, 3)}`,
    `${mainTag}f`,
    `${mainTag.slice(0, 2)}ff`,
  ]) {
    if (!used.has(candidate.toLowerCase())) {
      used.add(candidate.toLowerCase());
      return candidate;
    }
  }
  throw new Error(`No free farm tag for ${mainTag}`);
}

export const KINGDOM_NAMES = words(
  'Demo Kingdom, Ironhold, Silverpeak, Stormwatch, Dragonreach, Frostmere, ' +
    'Sunspire, Ashford, Ravenrock, Goldcrest, Windholm, Emberfall',
);

function stripDiacritics(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D');
}
