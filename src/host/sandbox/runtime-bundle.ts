// The entry of dist/sandbox.mjs: the sandbox runtime, loaded with the first sandboxed command (see esbuild.mjs).
export { SandboxManager } from '@anthropic-ai/sandbox-runtime';
