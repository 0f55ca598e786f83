#!/usr/bin/env node
// A discovery/call command pair in Gemini CLI's contract, for tests:
//   node discovery-tools.mjs discover        prints the function declarations
//   node discovery-tools.mjs call <name>     reads the arguments as JSON on stdin
import { readFileSync } from 'node:fs';

const [mode, name] = process.argv.slice(2);
if (mode === 'discover') {
  console.log(JSON.stringify([
    { functionDeclarations: [{ name: 'shout', description: 'Upper-cases text.', parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }] },
    { name: 'fail_loudly', description: 'Exits 4 after writing to stderr.', parameters: { type: 'object', properties: {} } },
    { name: 'die', description: 'Kills itself with SIGTERM.' },
    { name: 'bad', parameters: { type: 'string' } },
  ]));
} else if (mode === 'call') {
  const args = JSON.parse(readFileSync(0, 'utf8') || '{}');
  if (name === 'shout') console.log(String(args.text).toUpperCase());
  else if (name === 'fail_loudly') {
    console.log('partial output');
    console.error('something broke');
    process.exit(4);
  } else if (name === 'die') process.kill(process.pid, 'SIGTERM');
  else {
    console.error(`unknown tool ${name}`);
    process.exit(1);
  }
}
