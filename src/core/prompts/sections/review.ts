// The review stance, when the user asks for a review (Codex's and Copilot's GPT prompts have it; every family gets it).
import { section } from '../context';

export function review(): string {
  return section('Reviews', [
    'When the user asks for a review, look for problems rather than describe the code: bugs, security holes, behaviour that changed, missing tests, then the rest.',
    'Findings come first, ordered by severity, each with `path:line`, what goes wrong and when. Open questions and assumptions follow; a summary of the change comes last, if at all, in a sentence or two.',
    'If you find nothing, say so plainly and name what you could not check. Do not change code in a review unless asked.',
  ]);
}
