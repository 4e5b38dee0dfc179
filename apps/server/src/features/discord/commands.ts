import { OptionType } from './protocol.ts';

/** `/top`'s metrics: the KD DKP table's columns they rank by, and how a list names them. */
export const TOP_METRICS = {
  dkp: { field: 'DKP Score', label: 'DKP' },
  kills: { field: 'T4+T5 KP', label: 'Kill points (T4+T5)' },
  deaths: { field: 'All Deads', label: 'Deaths' },
  power_gain: { field: 'Power Change', label: 'Power gain' },
} as const;
export type TopMetric = keyof typeof TOP_METRICS;
export const MAX_TOP_COUNT = 50;

const periodOptions = [
  {
    type: OptionType.String,
    name: 'from',
    description: 'First scan of the period (default: the current KvK)',
    autocomplete: true,
  },
  { type: OptionType.String, name: 'to', description: 'Last scan of the period', autocomplete: true },
];

const governorOption = (name: string, required: boolean, description = 'Governor ID or name') => ({
  type: OptionType.String,
  name,
  description,
  required,
  autocomplete: true,
});

/** Manage Server: who sees `/setup` in the command list (the handler checks again). */
const MANAGE_GUILD_PERMISSION = '32';

/**
 * The slash commands, as `npm run cli -- discord register` sends them to Discord (PUT
 * /applications/{id}/commands). Used in servers only: every answer is a kingdom's, and a server names the kingdom.
 */
export const COMMAND_DEFINITIONS = [
  {
    name: 'setup',
    description: 'Bind this server to a kingdom with the one-time code from its settings page',
    contexts: [0],
    default_member_permissions: MANAGE_GUILD_PERMISSION,
    options: [
      { type: OptionType.String, name: 'code', description: 'The setup code (KS-…)', required: true },
      {
        type: OptionType.Role,
        name: 'admin_role',
        description: 'Members with this role act as the kingdom’s admins',
      },
      {
        type: OptionType.Channel,
        name: 'admin_channel',
        description: 'Where link requests and review counts go',
      },
      {
        type: OptionType.Channel,
        name: 'announce_channel',
        description: 'Where the bot announces each import',
      },
      {
        type: OptionType.String,
        name: 'announce_webhook',
        description: 'Or: a channel webhook URL for announcements',
      },
    ],
  },
  {
    name: 'stats',
    description: 'A governor’s card: power, kills, deaths, DKP, rank and goal',
    contexts: [0],
    options: [governorOption('governor', true), ...periodOptions],
  },
  { name: 'me', description: 'Your linked governors (only you see the answer)', contexts: [0] },
  {
    name: 'link',
    description: 'Claim a governor as yours; an admin approves it',
    contexts: [0],
    options: [{ ...governorOption('id', true, 'Your governor ID') }],
  },
  {
    name: 'top',
    description: 'The kingdom’s top governors by a metric',
    contexts: [0],
    options: [
      {
        type: OptionType.String,
        name: 'metric',
        description: 'What to rank by',
        required: true,
        choices: Object.entries(TOP_METRICS).map(([value, { label }]) => ({ name: label, value })),
      },
      {
        type: OptionType.Integer,
        name: 'count',
        description: `How many (1–${MAX_TOP_COUNT}, default 10)`,
        min_value: 1,
        max_value: MAX_TOP_COUNT,
      },
      ...periodOptions,
    ],
  },
  { name: 'kvk', description: 'The kingdom’s totals and goal progress this KvK', contexts: [0] },
  {
    name: 'compare',
    description: 'Two to six governors side by side',
    contexts: [0],
    options: [
      governorOption('governor1', true),
      governorOption('governor2', true),
      governorOption('governor3', false),
      governorOption('governor4', false),
      governorOption('governor5', false),
      governorOption('governor6', false),
    ],
  },
];

export type CommandName = (typeof COMMAND_DEFINITIONS)[number]['name'];
