import { discordLocalizations, type MessageId, type MessageValues, translatorFor } from './i18n.ts';
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

/**
 * A description in English (what Discord shows by default) with its translations for the locales we speak: the
 * names stay English, since they are what people type and what the handlers read.
 */
function described(id: MessageId, values?: MessageValues) {
  return {
    description: translatorFor('en').t(id, values),
    description_localizations: discordLocalizations(id, values),
  };
}

const periodOptions = () => [
  {
    type: OptionType.String,
    name: 'from',
    ...described('command.from'),
    autocomplete: true,
  },
  { type: OptionType.String, name: 'to', ...described('command.to'), autocomplete: true },
];

const governorOption = (name: string, required: boolean, description: MessageId = 'command.governor') => ({
  type: OptionType.String,
  name,
  ...described(description),
  required,
  autocomplete: true,
});

/** Manage Server: who sees `/setup` in the command list (the handler checks again). */
const MANAGE_GUILD_PERMISSION = '32';

/**
 * The slash commands, as `npm run cli -- discord register` sends them to Discord (PUT
 * /applications/{id}/commands). Used in servers only: every answer is a kingdom's, and a server names the kingdom.
 * Made when asked for, not when the server starts: their translations compile every language's catalog.
 */
export const commandDefinitions = () => [
  {
    name: 'setup',
    ...described('command.setup'),
    contexts: [0],
    default_member_permissions: MANAGE_GUILD_PERMISSION,
    options: [
      { type: OptionType.String, name: 'code', ...described('command.setup.code'), required: true },
      {
        type: OptionType.Role,
        name: 'admin_role',
        ...described('command.setup.adminRole'),
      },
      {
        type: OptionType.Channel,
        name: 'admin_channel',
        ...described('command.setup.adminChannel'),
      },
      {
        type: OptionType.Channel,
        name: 'announce_channel',
        ...described('command.setup.announceChannel'),
      },
      {
        type: OptionType.String,
        name: 'announce_webhook',
        ...described('command.setup.announceWebhook'),
      },
    ],
  },
  {
    name: 'stats',
    ...described('command.stats'),
    contexts: [0],
    options: [governorOption('governor', true), ...periodOptions()],
  },
  { name: 'me', ...described('command.me'), contexts: [0] },
  {
    name: 'link',
    ...described('command.link'),
    contexts: [0],
    options: [{ ...governorOption('id', true, 'command.link.id') }],
  },
  {
    name: 'top',
    ...described('command.top'),
    contexts: [0],
    options: [
      {
        type: OptionType.String,
        name: 'metric',
        ...described('command.top.metric'),
        required: true,
        choices: Object.entries(TOP_METRICS).map(([value, { label }]) => ({
          name: label,
          name_localizations: discordLocalizations(`metric.${value as TopMetric}` as const),
          value,
        })),
      },
      {
        type: OptionType.Integer,
        name: 'count',
        ...described('command.top.count', { max: MAX_TOP_COUNT }),
        min_value: 1,
        max_value: MAX_TOP_COUNT,
      },
      ...periodOptions(),
    ],
  },
  { name: 'kvk', ...described('command.kvk'), contexts: [0] },
  {
    name: 'compare',
    ...described('command.compare'),
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

export type CommandName = ReturnType<typeof commandDefinitions>[number]['name'];
