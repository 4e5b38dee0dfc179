import { translatorFor } from './i18n.ts';
import {
  EPHEMERAL,
  type Interaction,
  type InteractionResponse,
  InteractionType,
  type MessageData,
  ResponseType,
} from './protocol.ts';
import type { DiscordRest } from './rest.ts';

/** Discord waits 3 seconds for an answer; past this budget the answer is deferred and sent as a follow-up. */
export const ANSWER_BUDGET_MS = 2_000;
/** Commands whose answer only the asker sees, deferred privately too. */
const PRIVATE_COMMANDS = new Set(['me', 'link', 'setup']);

export interface FollowUpLog {
  warn(object: object, message: string): void;
}

/**
 * Answers with `work`'s response when it is ready within budgetMs; otherwise with a deferred answer ("thinking…"),
 * then edits that message with the response when it is ready (PATCH …/messages/@original). A failure after the
 * deferral still ends the "thinking…" with a sentence. Autocomplete is never deferred (Discord does not allow it).
 */
export async function answerInTime(input: {
  interaction: Interaction;
  work: Promise<InteractionResponse>;
  budgetMs: number;
  rest: DiscordRest;
  log: FollowUpLog;
}): Promise<InteractionResponse> {
  const { interaction, work } = input;
  if (interaction.type === InteractionType.Ping || interaction.type === InteractionType.Autocomplete)
    return work;
  // A budget of 0 defers every answer (a host whose database is slow to wake; the tests of the follow-up path).
  if (input.budgetMs > 0) {
    let timer: NodeJS.Timeout | undefined;
    const late = Symbol('late');
    const first = await Promise.race([
      work,
      new Promise<typeof late>((resolve) => {
        timer = setTimeout(() => resolve(late), input.budgetMs);
      }),
    ]).finally(() => clearTimeout(timer));
    if (first !== late) return first;
  }
  void work
    .then((response) => followUpData(response))
    .catch((error: Error) => {
      input.log.warn({ why: error.message, command: interaction.data?.name }, 'discord command failed');
      return { content: translatorFor(interaction.locale).t('error.failed') } satisfies MessageData;
    })
    .then((data) => (data ? input.rest.editOriginal(interaction.token, data) : undefined))
    .catch((error: Error) => input.log.warn({ why: error.message }, 'discord follow-up not delivered'));
  if (interaction.type === InteractionType.MessageComponent)
    return { type: ResponseType.DeferredUpdateMessage };
  const ephemeral = PRIVATE_COMMANDS.has(interaction.data?.name ?? '');
  return { type: ResponseType.DeferredChannelMessage, ...(ephemeral ? { data: { flags: EPHEMERAL } } : {}) };
}

function followUpData(response: InteractionResponse): MessageData | null {
  if (response.type === ResponseType.ChannelMessage || response.type === ResponseType.UpdateMessage) {
    // The message's privacy was chosen at deferral: an edit cannot change it.
    const { flags: _flags, ...data } = response.data;
    return data;
  }
  return null;
}
