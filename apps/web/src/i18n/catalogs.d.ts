// One module per language, made by the build from src/i18n/locales/<code>.json with every message compiled
// (apps/web/i18n-catalogs.ts); each is a chunk of its own, loaded only for the language chosen.
declare module 'virtual:i18n-catalog/*' {
  const messages: import('@lingui/core').Messages;
  export default messages;
}
