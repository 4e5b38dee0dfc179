import { type FarmPolicy, linkRefusal } from '@kingdom-stats/core';
import type { FarmLinkBody, FarmPolicyBody, FarmsResponse } from '@kingdom-stats/core/api';
import type { Kysely } from 'kysely';
import type { AccountLinkSource, Database } from '../../db/schema.ts';
import { AppError, badRequest } from '../../errors.ts';
import { nowSeconds } from '../../time.ts';
import { recordAudit } from '../audit/service.ts';
import {
  deleteLink,
  deleteSuggestions,
  insertLink,
  markSuggestionsDismissed,
  selectLatestNames,
  selectLinks,
  selectPolicy,
  selectSuggestions,
  upsertPolicy,
} from './store.ts';

/**
 * Farm links, the policy and Rolled Up suggestions of one kingdom (docs/farms.md): used by the admin routes and the
 * CLI. Dashboards read links and policy on every request (policy.ts), so a change here is seen at once without
 * clearing any cache.
 */

export interface Actor {
  /** Null for the CLI. */
  userId: number | null;
  source: Exclude<AccountLinkSource, 'suggestion-accepted'>;
}

export async function describeFarms(db: Kysely<Database>, kd: number): Promise<FarmsResponse> {
  const [policy, links, suggestions] = await Promise.all([
    selectPolicy(db, kd),
    selectLinks(db, kd),
    selectSuggestions(db, kd),
  ]);
  const names = await selectLatestNames(
    db,
    kd,
    links.flatMap((link) => [link.farmId, link.mainId]),
  );
  const linked = new Set(links.map((link) => link.farmId));
  return {
    policy: policyBody(policy),
    links: links.map((link) => ({
      farmId: link.farmId,
      farmName: names.get(link.farmId) ?? null,
      mainId: link.mainId,
      mainName: names.get(link.mainId) ?? null,
      source: link.source,
      createdAt: link.createdAt,
    })),
    suggestions: suggestions
      .filter((s) => !s.dismissed && !linked.has(s.farmId))
      .map(({ farmId, farmName, mainId, mainName, fileName }) => ({
        farmId,
        farmName,
        mainId,
        mainName,
        fileName,
      })),
  };
}

export function policyBody(policy: FarmPolicy): FarmPolicyBody {
  return { mode: policy.mode, weightPct: Math.round(policy.weight * 100) };
}

/** Links a farm to its main; the same link again is no change. Refused when it would chain or give two mains. */
export async function linkFarm(
  db: Kysely<Database>,
  kd: number,
  body: FarmLinkBody,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const links = await selectLinks(trx, kd);
    const refusal = linkRefusal(links, body.farmId, body.mainId);
    if (refusal) throw badRequest(refusal);
    if (links.some((link) => link.farmId === body.farmId)) return;
    await insertLink(trx, kd, body, actor.source, actor.userId, nowSeconds());
    await recordAudit(trx, { userId: actor.userId, action: 'farm.link', kingdomKd: kd, after: body });
  });
}

export async function unlinkFarm(
  db: Kysely<Database>,
  kd: number,
  farmId: number,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteLink(trx, kd, farmId))) {
      throw new AppError('NOT_FOUND', `Governor ${farmId} is not linked as a farm in kingdom ${kd}.`);
    }
    await recordAudit(trx, {
      userId: actor.userId,
      action: 'farm.unlink',
      kingdomKd: kd,
      before: { farmId },
    });
  });
}

export async function setFarmPolicy(
  db: Kysely<Database>,
  kd: number,
  body: FarmPolicyBody,
  actor: Actor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = policyBody(await selectPolicy(trx, kd));
    await upsertPolicy(trx, kd, { mode: body.mode, weight: body.weightPct / 100 }, nowSeconds());
    await recordAudit(trx, {
      userId: actor.userId,
      action: 'farm.policy',
      kingdomKd: kd,
      before,
      after: body,
    });
  });
}

export interface AcceptResult {
  accepted: number;
  /** Suggestions left pending, with why (a link that would chain or give a farm a second main). */
  refused: { farmId: number; reason: string }[];
}

/** Turns pending suggestions (the named farms', or all) into links; each is checked as an admin's link would be. */
export async function acceptSuggestions(
  db: Kysely<Database>,
  kd: number,
  farmIds: readonly number[] | undefined,
  actor: Pick<Actor, 'userId'>,
): Promise<AcceptResult> {
  return db.transaction().execute(async (trx) => {
    const pending = (await selectSuggestions(trx, kd)).filter(
      (s) => !s.dismissed && (farmIds === undefined || farmIds.includes(s.farmId)),
    );
    const links = await selectLinks(trx, kd);
    const result: AcceptResult = { accepted: 0, refused: [] };
    const done: number[] = [];
    const at = nowSeconds();
    for (const suggestion of pending) {
      const refusal = linkRefusal(links, suggestion.farmId, suggestion.mainId);
      if (refusal) {
        result.refused.push({ farmId: suggestion.farmId, reason: refusal });
        continue;
      }
      if (!links.some((link) => link.farmId === suggestion.farmId)) {
        await insertLink(trx, kd, suggestion, 'suggestion-accepted', actor.userId, at);
        links.push({ ...suggestion, source: 'suggestion-accepted', createdAt: at });
        result.accepted++;
      }
      done.push(suggestion.farmId);
    }
    await deleteSuggestions(trx, kd, done);
    if (result.accepted > 0) {
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'farm.suggestions.accept',
        kingdomKd: kd,
        after: { farmIds: done },
      });
    }
    return result;
  });
}

/** Dismisses pending suggestions (the named farms', or all): a later import does not offer them again. Audited. */
export async function dismissSuggestions(
  db: Kysely<Database>,
  kd: number,
  farmIds: readonly number[] | undefined,
  actor: Pick<Actor, 'userId'>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const pending = (await selectSuggestions(trx, kd)).filter(
      (s) => !s.dismissed && (farmIds === undefined || farmIds.includes(s.farmId)),
    );
    const dismissed = pending.map((s) => s.farmId);
    await markSuggestionsDismissed(trx, kd, dismissed);
    if (dismissed.length > 0) {
      await recordAudit(trx, {
        userId: actor.userId,
        action: 'farm.suggestions.dismiss',
        kingdomKd: kd,
        after: { farmIds: dismissed },
      });
    }
    return dismissed.length;
  });
}

export async function lookupGovernor(db: Kysely<Database>, kd: number, governorId: number) {
  const names = await selectLatestNames(db, kd, [governorId]);
  return { governorId, name: names.get(governorId) ?? null };
}
