export { hoverToText, markdownToText } from './hover-text';
export { askLanguage, DEFAULT_LANGUAGE_WAIT, type LanguageAnswer, type LanguageQuestion, type LanguageWaitOptions } from './language-wait';
export { formatLocations, type FormattedLocations, type LocationSource } from './locations';
export { formatOutline, type FormattedOutline } from './outline';
export { DRIFT_WINDOW, resolveSymbolPosition, type SymbolPosition } from './symbol-position';
export { applyTextEdits } from './text-edits';
export { formatCalls, type CallDirection, type FormattedCalls } from './calls';
