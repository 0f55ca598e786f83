// The scripted model server: a real HTTP model API (Anthropic and OpenAI wire formats) replaying scripted turns.
export { startScriptedModelServer, type AzureDeployments, type RecordedRequest, type ScriptedModelServer, type ScriptedModelServerOptions } from './server';
export { parseScript, type Route, type Script, type ScriptFault, type ScriptToolCall, type ScriptTurn, type ScriptUsage } from './script';
export type { ModelsReply, ScriptedModel } from './models-wire';
