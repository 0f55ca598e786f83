// The model a new user's first task runs on, in one place: the host's settings fall back to it and
// package.json's `relay.model` default is kept equal to it (a unit test checks both, and that the
// Anthropic SDK does not deprecate it). Claude Sonnet 5.5 is the current general-purpose Sonnet.
export const DEFAULT_PROVIDER = 'anthropic';
export const DEFAULT_MODEL = 'claude-sonnet-5-5';
