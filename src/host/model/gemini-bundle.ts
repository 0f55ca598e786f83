// Entry of dist/gemini.js: the @google/genai SDK, required on the first Gemini turn only (never at activation,
// and not with the runtime bundle, which resolves '@google/genai' to this file; see esbuild.mjs).
export { GoogleGenAI } from '@google/genai';
