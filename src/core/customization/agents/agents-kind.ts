// The agents kind: every peer's agent files, read in their own format. Two sources defining one id both stay,
// each under its source's prefix ("claude:reviewer", "roo:reviewer").
import picomatch from 'picomatch';
import { l10n } from '../../l10n';
import type { CustomizationFileReport, CustomizationKind, FoundFile, LoadedKind } from '../registry';
import type { AgentDefinition } from './agent';
import { AGENT_FORMATS, type AgentFormat } from './agent-sources';

export const AGENTS_KIND_ID = 'agents';

const PREFIX: Record<string, string> = {
  'Relay agent': 'relay',
  'Claude Code sub-agent': 'claude',
  'Copilot custom agent': 'copilot',
  'Copilot chat mode': 'copilot',
  'Roo mode': 'roo',
  'Kilo Code mode': 'kilo',
  'OpenCode agent': 'opencode',
  'OpenCode agent (opencode.json)': 'opencode',
};

const matchers = AGENT_FORMATS.map((format) => ({ format, isMatch: picomatch([...format.patterns], { dot: true }) }));

export function createAgentsKind(title: string): CustomizationKind<AgentDefinition> {
  return {
    id: AGENTS_KIND_ID,
    title,
    patterns: AGENT_FORMATS.flatMap((format) => format.patterns),
    async load(files, reader) {
      const texts = new Map<string, string | undefined>();
      for (const file of files) texts.set(file.path, await reader.read(file.path));
      return readAgents(files, (path) => texts.get(path));
    },
  };
}

export function readAgents(files: readonly FoundFile[], text: (path: string) => string | undefined): LoadedKind<AgentDefinition> {
  const agents: AgentDefinition[] = [];
  const reports: CustomizationFileReport[] = [];
  for (const file of files) {
    const format: AgentFormat | undefined = matchers.find(({ isMatch }) => isMatch(file.relative))?.format;
    if (!format) continue;
    const report: CustomizationFileReport = { path: file.path, source: format.source, problems: [] };
    reports.push(report);
    const content = text(file.path);
    if (content === undefined) {
      report.problems.push({ line: 1, message: l10n.t('Not read: unreadable or larger than 256 KB.') });
      continue;
    }
    const read = format.read(file.path, file.relative, content, report.problems);
    agents.push(...read);
    report.summary = read.map((agent) => agent.id).join(', ');
  }
  const counts = new Map<string, number>();
  for (const agent of agents) counts.set(agent.id, (counts.get(agent.id) ?? 0) + 1);
  for (const agent of agents) if ((counts.get(agent.id) ?? 0) > 1) agent.id = `${PREFIX[agent.source] ?? 'agent'}:${agent.id}`;
  return { entries: agents, files: reports };
}
