import type { AuditAction } from '@kingdom-stats/core';
import type { MessageId } from '../../i18n/i18n.ts';

/**
 * Recent changes in words: one message per action the server writes (core's AUDIT_ACTIONS). A Record over the
 * list, so that an action added to core without a label here fails `tsc`; change-labels.test.ts checks the same at
 * run time, with the English text.
 */
export const CHANGE_LABELS: Readonly<Record<AuditAction, MessageId>> = {
  'auth.login': 'changes.action.authLogin',
  'auth.logout': 'changes.action.authLogout',
  'kingdom.create': 'changes.action.kingdomCreate',
  'kingdom.rename': 'changes.action.kingdomRename',
  'kingdom.settings': 'changes.action.kingdomSettings',
  'kingdom.code.rotate': 'changes.action.kingdomCodeRotate',
  'kingdom.data-quality': 'changes.action.kingdomDataQuality',
  'kingdom.delete': 'changes.action.kingdomDelete',
  'camp.set': 'changes.action.campSet',
  'camp.delete': 'changes.action.campDelete',
  'kvk.add': 'changes.action.kvkAdd',
  'kvk.delete': 'changes.action.kvkDelete',
  'scan.import': 'changes.action.scanImport',
  'scan.replace': 'changes.action.scanReplace',
  'scan.rename': 'changes.action.scanRename',
  'scan.delete': 'changes.action.scanDelete',
  'prekvk.import': 'changes.action.prekvkImport',
  'prekvk.clear': 'changes.action.prekvkClear',
  'hoh.import': 'changes.action.hohImport',
  'hoh.clear': 'changes.action.hohClear',
  'honor.import': 'changes.action.honorImport',
  'honor.clear': 'changes.action.honorClear',
  'rally.token.rotate': 'changes.action.rallyTokenRotate',
  'rally.token.revoke': 'changes.action.rallyTokenRevoke',
  'upload.token.rotate': 'changes.action.uploadTokenRotate',
  'upload.token.revoke': 'changes.action.uploadTokenRevoke',
  'rally.import': 'changes.action.rallyImport',
  'rally-forts.import': 'changes.action.rallyFortsImport',
  'alliance-activity.import': 'changes.action.allianceActivityImport',
  'member-export.import': 'changes.action.memberExportImport',
  'user.create': 'changes.action.userCreate',
  'user.password': 'changes.action.userPassword',
  'user.delete': 'changes.action.userDelete',
  'formula.save': 'changes.action.formulaSave',
  'formula.reset': 'changes.action.formulaReset',
  'formula.past-season.change': 'changes.action.formulaPastSeasonChange',
  'farm.link': 'changes.action.farmLink',
  'farm.unlink': 'changes.action.farmUnlink',
  'farm.policy': 'changes.action.farmPolicy',
  'farm.suggestions.accept': 'changes.action.farmSuggestionsAccept',
  'farm.suggestions.dismiss': 'changes.action.farmSuggestionsDismiss',
  'value-flag.accept': 'changes.action.valueFlagAccept',
  'value-flag.recheck': 'changes.action.valueFlagRecheck',
  'value.correct': 'changes.action.valueCorrect',
  'value.exclude-row': 'changes.action.valueExcludeRow',
  'value.revert': 'changes.action.valueRevert',
  'value.swap': 'changes.action.valueSwap',
  'discord.setup-code.create': 'changes.action.discordSetupCodeCreate',
  'discord.setup.refuse': 'changes.action.discordSetupRefuse',
  'discord.guild.bind': 'changes.action.discordGuildBind',
  'discord.link.approve': 'changes.action.discordLinkApprove',
  'discord.link.refuse': 'changes.action.discordLinkRefuse',
  'discord.announce.fail': 'changes.action.discordAnnounceFail',
  'migration-list.add': 'changes.action.migrationListAdd',
  'migration-list.update': 'changes.action.migrationListUpdate',
  'migration-list.remove': 'changes.action.migrationListRemove',
  'migration-list.fill': 'changes.action.migrationListFill',
};

/** The message of an action as the API gives it; undefined for one this build does not know (a newer server). */
export function changeLabel(action: string): MessageId | undefined {
  return Object.hasOwn(CHANGE_LABELS, action) ? CHANGE_LABELS[action as AuditAction] : undefined;
}
