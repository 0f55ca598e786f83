// Entry of dist/mcp.js: the MCP SDK client and its transports, required only when a task starts with MCP
// servers configured (never at activation, and not even with the runtime bundle).
export { SdkMcpConnection, type ConnectOptions } from './sdk-connection';
