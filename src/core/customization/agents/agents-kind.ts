// The agents kind: every peer's agent files, read in their own format. Two files defining one id both stay, each
// under its source's prefix ("claude:reviewer", "roo:reviewer"); so does a file taking a built-in agent's id
// ("claude:plan" beside Relay's Plan); one source giving an id twice (two workspace folders, a Copilot agent and
// chat mode) numbers the later ones ("claude:reviewer-2"). Ids are unique, ignoring case. Agents sharing a name
// are told apart as same-name.ts says, and each file's line in Show Customizations says so.
import picomatch from 'picomatch';
import { l10n } from '../../l10n';
import type { CustomizationFileReport, CustomizationKind, FoundFile, LoadedKind } from '../registry';
import type { AgentDefinition } from './agent';
import { AGENT_FORMATS, type AgentFormat } from './agent-sources';
import { BUILTIN_AGENTS } from './builtin-agents';
import { sharedNames } from './same-name';
import { shownSource } from '../source-names';

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
  const fromFile = new Map<CustomizationFileReport, AgentDefinition[]>();
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
    fromFile.set(report, read);
  }
  uniqueIds(agents);
  const notes = sameNameNotes(agents);
  for (const [report, read] of fromFile) report.summary = read.map((agent) => (notes.has(agent) ? `${agent.id} (${notes.get(agent)!})` : agent.id)).join(', ');
  return { entries: agents, files: reports };
}

/** Gives each agent an id no built-in and no other agent has (ignoring case): a shared one takes its source's prefix, then a number. */
function uniqueIds(agents: AgentDefinition[]): void {
  const counts = new Map<string, number>();
  for (const id of [...BUILTIN_AGENTS.map((agent) => agent.id), ...agents.map((agent) => agent.id)]) counts.set(id.toLowerCase(), (counts.get(id.toLowerCase()) ?? 0) + 1);
  const taken = new Set([...BUILTIN_AGENTS.map((agent) => agent.id.toLowerCase()), ...agents.filter((agent) => counts.get(agent.id.toLowerCase()) === 1).map((agent) => agent.id.toLowerCase())]);
  for (const agent of agents) {
    if (counts.get(agent.id.toLowerCase()) === 1) continue;
    const prefixed = `${PREFIX[agent.source] ?? 'agent'}:${agent.id}`;
    let id = prefixed;
    for (let n = 2; taken.has(id.toLowerCase()); n++) id = `${prefixed}-${n}`;
    taken.add(id.toLowerCase());
    agent.id = id;
  }
}

/** For each agent whose name another (or a built-in) shows too: who else, and which one a command or handoff naming it gets. */
function sameNameNotes(agents: readonly AgentDefinition[]): Map<AgentDefinition, string> {
  const notes = new Map<AgentDefinition, string>();
  for (const shared of sharedNames([...BUILTIN_AGENTS, ...agents])) {
    for (const agent of shared.agents) {
      if (agent.source === 'Relay') continue;
      const others = shared.agents.filter((other) => other !== agent).map((other) => `${other.id} (${other.source === 'Relay' ? l10n.t('built in') : shownSource(other.source)})`);
      const reached = shared.reached ? (shared.reached === agent ? l10n.t('this one') : shared.reached.id) : l10n.t('none of them');
      notes.set(
        agent,
        l10n.t('the name "{0}" is also {1}: the picker shows each with its source; a command or handoff naming "{0}" gets {2} (built-in agents first, then files in path order)', agent.name, others.join(', '), reached),
      );
    }
  }
  return notes;
}
