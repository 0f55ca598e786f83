// Everything heavy lives behind this module, bundled separately as dist/runtime.js and loaded on first use
// (see lazy-runtime.ts), so activation never pays for validators, providers, parsers or the agent.
export { parseWebviewMessage } from '../shared/protocol-schema';
