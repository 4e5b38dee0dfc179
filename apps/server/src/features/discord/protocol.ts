/**
 * The parts of Discord's interaction protocol Kingdom Stats uses (discord.com/developers/docs/interactions), as
 * plain data: the HTTP endpoint and the gateway hand the handlers the same objects.
 */

export const InteractionType = {
  Ping: 1,
  ApplicationCommand: 2,
  MessageComponent: 3,
  Autocomplete: 4,
} as const;

export const ResponseType = {
  Pong: 1,
  ChannelMessage: 4,
  DeferredChannelMessage: 5,
  DeferredUpdateMessage: 6,
  UpdateMessage: 7,
  AutocompleteResult: 8,
} as const;

export const OptionType = {
  String: 3,
  Integer: 4,
  Channel: 7,
  Role: 8,
} as const;

/** Message flag: only the user who asked sees the answer. */
export const EPHEMERAL = 64;
/** Member permission bit: Manage Server. */
export const MANAGE_GUILD = 0x20n;

export interface InteractionOption {
  name: string;
  type: number;
  value?: string | number | boolean;
  focused?: boolean;
  options?: InteractionOption[];
}

export interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
}

export interface Interaction {
  id: string;
  application_id: string;
  type: number;
  token: string;
  guild_id?: string;
  channel_id?: string;
  /** The asker's Discord language (`vi`, `zh-TW`, `en-US`…): the answer's (i18n.ts). */
  locale?: string;
  /** The server's preferred language: what its channels read (announcements). */
  guild_locale?: string;
  member?: { user: DiscordUser; roles: string[]; permissions?: string };
  user?: DiscordUser;
  data?: {
    name?: string;
    options?: InteractionOption[];
    custom_id?: string;
    component_type?: number;
  };
}

export interface EmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface Embed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  fields?: EmbedField[];
  footer?: { text: string };
  timestamp?: string;
}

export interface Button {
  type: 2;
  style: 1 | 2 | 3 | 4;
  label: string;
  custom_id: string;
  disabled?: boolean;
}

export interface ActionRow {
  type: 1;
  components: Button[];
}

export interface MessageData {
  content?: string;
  embeds?: Embed[];
  components?: ActionRow[];
  flags?: number;
  allowed_mentions?: { parse: string[] };
}

export type InteractionResponse =
  | { type: typeof ResponseType.Pong }
  | { type: typeof ResponseType.ChannelMessage | typeof ResponseType.UpdateMessage; data: MessageData }
  | { type: typeof ResponseType.DeferredChannelMessage; data?: { flags?: number } }
  | { type: typeof ResponseType.DeferredUpdateMessage }
  | { type: typeof ResponseType.AutocompleteResult; data: { choices: { name: string; value: string }[] } };

export function interactionUser(interaction: Interaction): DiscordUser | null {
  return interaction.member?.user ?? interaction.user ?? null;
}

export function optionValue(interaction: Interaction, name: string): string | number | undefined {
  const option = interaction.data?.options?.find((o) => o.name === name);
  const value = option?.value;
  return typeof value === 'string' || typeof value === 'number' ? value : undefined;
}

export function focusedOption(interaction: Interaction): InteractionOption | undefined {
  return interaction.data?.options?.find((o) => o.focused === true);
}

export function message(data: MessageData, ephemeral = false): InteractionResponse {
  return {
    type: ResponseType.ChannelMessage,
    // Nobody is pinged by a bot answer, whatever a governor's name holds.
    data: { allowed_mentions: { parse: [] }, ...data, ...(ephemeral ? { flags: EPHEMERAL } : {}) },
  };
}

/** A short private sentence: refusals and errors only the asker needs to see. */
export function privateNote(text: string): InteractionResponse {
  return message({ content: text }, true);
}
