// Claude: trained on exact string replacement (edit_file) and eager to do more than asked; keep it on the task.
import { section } from '../context';

export function anthropicNotes(): string {
  return section('Scope', [
    'Do what was asked, and no more: no extra features, abstractions, options, fallbacks or files the task does not need. Mention anything else worth doing at the end instead of doing it.',
    'Never make a test pass by special-casing its inputs or weakening its assertions; if a test looks wrong, say so.',
    'Edits to different files do not depend on each other: send them in one reply.',
  ]);
}
