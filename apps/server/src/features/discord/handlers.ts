import type { DkpRow, KdDashboardResponse } from '@kingdom-stats/core/api';
import { AppError } from '../../errors.ts';
import { MemoryCounterStore } from '../../plugins/counter-store.ts';
import { FailureCounter } from '../../plugins/failure-counter.ts';
import { compareCard, kvkCard, pagerRow, rankBy, statsCard, TOP_PAGE_SIZE, topCard } from './cards.ts';
import { MAX_TOP_COUNT, TOP_METRICS, type TopMetric } from './commands.ts';
import { type BoundKingdom, findGovernor, type HandlerDeps, kingdomLabel } from './handler-deps.ts';
import { DiscordRefusal, type Translator, translatorFor } from './i18n.ts';
import { handleLink, handleLinkButton, handleMe } from './link-handlers.ts';
import {
  focusedOption,
  type Interaction,
  type InteractionResponse,
  InteractionType,
  interactionUser,
  message,
  optionValue,
  privateNote,
  ResponseType,
} from './protocol.ts';
import { handleSetup } from './setup-handler.ts';
import { guildBinding } from './store.ts';

/** Commands one Discord user may run per minute; more are answered with a request to wait. */
const COMMANDS_PER_MINUTE = 20;

/**
 * Every interaction, whichever way it came in (the HTTP endpoint or the gateway), is answered here. Kingdom numbers
 * come from the KD DKP dashboard's service with the kingdom's access code: a command shows what the kingdom's viewer
 * link shows, from the same cache, and never more.
 */
export class DiscordHandlers {
  private readonly perUser = new FailureCounter(
    COMMANDS_PER_MINUTE,
    60_000,
    new MemoryCounterStore(),
    'discord',
  );

  constructor(readonly deps: HandlerDeps) {}

  async handle(interaction: Interaction): Promise<InteractionResponse> {
    if (interaction.type === InteractionType.Ping) return { type: ResponseType.Pong };
    // Each answer in the asker's language; what the whole channel reads later (announcements) in the server's.
    const tr = translatorFor(interaction.locale);
    if (interaction.guild_id && interaction.guild_locale) {
      this.deps.guildLocales.remember(interaction.guild_id, interaction.guild_locale);
    }
    const user = interactionUser(interaction);
    if (interaction.type !== InteractionType.Autocomplete && user) {
      if ((await this.perUser.fail(user.id)) > COMMANDS_PER_MINUTE) {
        return privateNote(tr.t('error.tooFast'));
      }
    }
    try {
      return await this.route(interaction, tr);
    } catch (error) {
      if (error instanceof DiscordRefusal) return privateNote(tr.t(error.messageId, error.values));
      if (error instanceof AppError && error.statusCode < 500) return privateNote(error.message);
      // Discord shows "The application did not respond" for a failed request: a sentence is kinder, the cause is logged.
      this.deps.log.warn(
        { command: interaction.data?.name, why: error instanceof Error ? error.message : String(error) },
        'discord command failed',
      );
      if (interaction.type === InteractionType.Autocomplete) {
        return { type: ResponseType.AutocompleteResult, data: { choices: [] } };
      }
      return privateNote(tr.t('error.failed'));
    }
  }

  private async route(interaction: Interaction, tr: Translator): Promise<InteractionResponse> {
    const name = interaction.data?.name;
    if (interaction.type === InteractionType.ApplicationCommand && name === 'setup') {
      return handleSetup(this.deps, interaction, tr);
    }
    if (!interaction.guild_id) return privateNote(tr.t('error.guildOnly'));
    const bound = await this.bound(interaction.guild_id, tr);
    if (interaction.type === InteractionType.Autocomplete) {
      return {
        type: ResponseType.AutocompleteResult,
        data: { choices: bound ? await this.suggest(bound, interaction) : [] },
      };
    }
    if (!bound) return privateNote(tr.t('error.notBound'));
    if (interaction.type === InteractionType.MessageComponent) return this.button(bound, interaction, tr);
    if (interaction.type !== InteractionType.ApplicationCommand)
      return privateNote(tr.t('error.unsupported'));
    switch (name) {
      case 'stats':
        return this.stats(bound, interaction, tr);
      case 'top':
        return this.top(bound, tr, {
          metric: String(optionValue(interaction, 'metric') ?? 'dkp'),
          count: Number(optionValue(interaction, 'count') ?? 10),
          from: text(optionValue(interaction, 'from')),
          to: text(optionValue(interaction, 'to')),
          page: 0,
        });
      case 'kvk':
        return this.kvk(bound, tr);
      case 'compare':
        return this.compare(bound, interaction, tr);
      case 'me':
        return handleMe(this.deps, bound, interaction, tr, (b) => this.view(b));
      case 'link':
        return handleLink(this.deps, bound, interaction, tr, (b) => this.view(b));
      default:
        return privateNote(tr.t('error.unknownCommand', { command: name ?? '?' }));
    }
  }

  /** The server's kingdom, named in the asker's language. */
  private async bound(guildId: string, tr: Translator): Promise<BoundKingdom | null> {
    const guild = await guildBinding(this.deps.db, guildId);
    if (!guild) return null;
    const kingdom = await this.deps.db
      .selectFrom('kingdoms')
      .selectAll()
      .where('kd', '=', guild.kingdom_kd)
      .executeTakeFirst();
    if (!kingdom) return null;
    return { guild, kingdom, label: kingdomLabel(kingdom, tr) };
  }

  /** The KD DKP dashboard's answer for the period, exactly as the viewer link's page asks for it. */
  async view(bound: BoundKingdom, period: { from?: string; to?: string } = {}): Promise<KdDashboardResponse> {
    return this.deps.kdDashboard.data(
      { kd: String(bound.kingdom.kd), code: bound.kingdom.access_code },
      { ...(period.from ? { start_date: period.from } : {}), ...(period.to ? { end_date: period.to } : {}) },
    );
  }

  private async stats(
    bound: BoundKingdom,
    interaction: Interaction,
    tr: Translator,
  ): Promise<InteractionResponse> {
    const answer = await this.view(bound, periodOf(interaction));
    const empty = noScans(answer, bound, tr);
    if (empty) return privateNote(empty);
    const asked = String(optionValue(interaction, 'governor') ?? '');
    const row = findGovernor(answer.playerData, asked);
    if (!row) return privateNote(noGovernor(answer, bound, asked, tr));
    const code = encodeURIComponent(bound.kingdom.access_code);
    const card = statsCard({
      answer,
      row,
      rank: answer.playerData.indexOf(row) + 1,
      kingdomLabel: bound.label,
      governorUrl: `${this.deps.siteUrl}/${bound.kingdom.kd}/governor/${row['Governor ID']}/${code}`,
      tr,
    });
    return message({ embeds: [card] });
  }

  /**
   * A page of `/top`. The pager's buttons carry the list's language, so that a click by someone else (whose Discord
   * speaks another) pages the message without changing its language.
   */
  private async top(
    bound: BoundKingdom,
    tr: Translator,
    query: { metric: string; count: number; from: string; to: string; page: number },
    update = false,
  ): Promise<InteractionResponse> {
    if (!(query.metric in TOP_METRICS))
      return privateNote(tr.t('error.topMetrics', { metrics: Object.keys(TOP_METRICS).join(', ') }));
    const metric = query.metric as TopMetric;
    const count = Math.min(MAX_TOP_COUNT, Math.max(1, Math.trunc(query.count) || 10));
    const answer = await this.view(bound, query);
    const empty = noScans(answer, bound, tr);
    if (empty) return privateNote(empty);
    const ranked = rankBy(answer.playerData, metric).slice(0, count);
    const pages = Math.ceil(ranked.length / TOP_PAGE_SIZE);
    const page = Math.min(Math.max(0, query.page), pages - 1);
    const embed = topCard({ answer, metric, ranked, page, kingdomLabel: bound.label, tr });
    const prefix = `top:${metric}:${count}:${query.from}:${query.to}:${tr.language}`;
    const components = pagerRow(prefix, page, pages, tr);
    const data = { embeds: [embed], components, allowed_mentions: { parse: [] } };
    return update ? { type: ResponseType.UpdateMessage, data } : message(data);
  }

  private async kvk(bound: BoundKingdom, tr: Translator): Promise<InteractionResponse> {
    const answer = await this.view(bound);
    const empty = noScans(answer, bound, tr);
    if (empty) return privateNote(empty);
    return message({ embeds: [kvkCard(answer, bound.label, tr)] });
  }

  private async compare(
    bound: BoundKingdom,
    interaction: Interaction,
    tr: Translator,
  ): Promise<InteractionResponse> {
    const asked = [1, 2, 3, 4, 5, 6]
      .map((i) => text(optionValue(interaction, `governor${i}`)))
      .filter((value) => value !== '');
    const answer = await this.view(bound);
    const empty = noScans(answer, bound, tr);
    if (empty) return privateNote(empty);
    const rows: DkpRow[] = [];
    for (const value of asked) {
      const row = findGovernor(answer.playerData, value);
      if (!row) return privateNote(noGovernor(answer, bound, value, tr));
      if (!rows.includes(row)) rows.push(row);
    }
    if (rows.length < 2) return privateNote(tr.t('error.compareNeedsTwo'));
    return message({ embeds: [compareCard(answer, rows, bound.label, tr)] });
  }

  private async button(
    bound: BoundKingdom,
    interaction: Interaction,
    tr: Translator,
  ): Promise<InteractionResponse> {
    const parts = (interaction.data?.custom_id ?? '').split(':');
    if (parts[0] === 'top' && parts.length === 7) {
      const [, metric, count, from, to, language, page] = parts as [
        string,
        string,
        string,
        string,
        string,
        string,
        string,
      ];
      // The message's language for the page; refusals go to the presser alone, in theirs.
      const list = translatorFor(language);
      const query = { metric, count: Number(count), from, to, page: Number(page) };
      return this.top({ ...bound, label: kingdomLabel(bound.kingdom, list) }, list, query, true);
    }
    if (parts[0] === 'link') return handleLinkButton(this.deps, bound, interaction, parts, tr);
    return privateNote(tr.t('error.staleButton'));
  }

  /** Autocomplete: governors by ID or name, or the period's scans; at most Discord's 25. */
  private async suggest(bound: BoundKingdom, interaction: Interaction) {
    const focused = focusedOption(interaction);
    if (!focused) return [];
    const typed = String(focused.value ?? '')
      .trim()
      .toLowerCase();
    const answer = await this.view(bound);
    if (focused.name === 'from' || focused.name === 'to') {
      return answer.dates
        .filter((date) => date.display.toLowerCase().includes(typed))
        .slice(-25)
        .map((date) => ({ name: date.display.slice(0, 100), value: String(date.timestamp) }));
    }
    return answer.playerData
      .filter(
        (row) =>
          typed === '' ||
          String(row['Governor ID']).startsWith(typed) ||
          row.Name.toLowerCase().includes(typed),
      )
      .slice(0, 25)
      .map((row) => ({
        name: `${row.Name} (${row['Governor ID']})`.slice(0, 100),
        value: String(row['Governor ID']),
      }));
  }
}

function text(value: string | number | undefined): string {
  return value === undefined ? '' : String(value).trim();
}

function periodOf(interaction: Interaction): { from: string; to: string } {
  return { from: text(optionValue(interaction, 'from')), to: text(optionValue(interaction, 'to')) };
}

function noScans(answer: KdDashboardResponse, bound: BoundKingdom, tr: Translator): string | null {
  if (answer.scanStatus === 'offseason_no_scans') return tr.t('error.noScans', { kingdom: bound.label });
  if (answer.scanStatus === 'no_scans_in_kvk') {
    return tr.t('error.noScansKvk', { kingdom: bound.label, kvk: answer.latestKvk?.kvk_number ?? '' });
  }
  return null;
}

function noGovernor(answer: KdDashboardResponse, bound: BoundKingdom, asked: string, tr: Translator): string {
  return answer.latestKvk
    ? tr.t('error.noGovernorKvk', { asked, kingdom: bound.label, kvk: answer.latestKvk.kvk_number })
    : tr.t('error.noGovernor', { asked, kingdom: bound.label });
}
