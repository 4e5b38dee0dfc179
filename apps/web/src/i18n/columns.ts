import { type MessageId, translate } from './i18n.ts';

/**
 * The stat columns' names as the screens show them in the reader's language. The English names stay the columns'
 * ids (sorting, filters, the address, exports and the API use them); only the text drawn changes. A name not here
 * (a header the server adds later) is shown as the server gives it.
 */
const COLUMN_MESSAGES: Readonly<Record<string, MessageId>> = {
  Name: 'column.name',
  'Gov ID': 'column.govId',
  Alliance: 'column.alliance',
  Camp: 'column.camp',
  'CAMP NAME': 'column.campName',
  KD: 'column.kd',
  Power: 'column.power',
  'Start Power': 'column.startPower',
  'Power Change': 'column.powerChange',
  Evolution: 'column.evolution',
  'T1 Kills': 'column.t1Kills',
  'T2 Kills': 'column.t2Kills',
  'T3 Kills': 'column.t3Kills',
  'T4 Kills': 'column.t4Kills',
  'T5 Kills': 'column.t5Kills',
  'KP (T4+T5)': 'column.kpT4T5',
  Dead: 'column.dead',
  Healed: 'column.healed',
  DKP: 'column.dkp',
  'Kill Points': 'column.killPoints',
  'Death Points': 'column.deathPoints',
  'Heal Points': 'column.healPoints',
  'Total Points': 'column.totalPoints',
  'Kill Points Gained': 'column.killPointsGained',
  'Rss Gathered': 'column.rssGathered',
  'Rss Assistance': 'column.rssAssistance',
  'Alliance Helps': 'column.allianceHelps',
  Governors: 'column.governors',
  // The KvK DKP table's (SPEC §2), its Pre-KvK rankings' and the arrivals and departures tables' columns.
  Governor: 'column.governor',
  'DKP Score': 'column.dkpScore',
  'DKP Goal': 'column.dkpGoal',
  Reached: 'column.reached',
  'Current Power': 'column.currentPower',
  'Base Power': 'column.basePower',
  'T4+T5 KP': 'column.t4t5Kp',
  'All Deads': 'column.allDeads',
  'Deads (T4+T5)': 'column.deadsT4T5',
  'Honor Points': 'column.honorPoints',
  'HOH Status': 'column.hohStatus',
  'Dead %': 'column.deadPercent',
  'KP %': 'column.kpPercent',
  'Dead Goal': 'column.deadGoal',
  'KP Goal': 'column.kpGoal',
  Rank: 'column.rank',
  'Stage I': 'column.stage1',
  'Stage II': 'column.stage2',
  'Stage III': 'column.stage3',
  Total: 'column.total',
  ID: 'column.id',
  'Home KD': 'column.homeKd',
  When: 'column.when',
  Why: 'column.why',
};

/** A column's name in the reader's language ('Power' → 'Sức Mạnh'), or the name itself when unknown. */
export function columnLabel(name: string): string {
  const id = COLUMN_MESSAGES[name] ?? COLUMN_MESSAGES[name.trim()];
  return id ? translate(id) : name;
}
