// The question before Review My Changes sends anything to the model (issue 37, "Commands another extension can
// call"). The palette, the Source Control title button and another extension's executeCommand reach the command
// alike (a made-up SourceControl with a repository's root is as good as the button's), so Relay cannot tell that
// the person asked: every run asks, naming the repository, how many files and the model, and Enter gives the answer
// that sends nothing (README, "What Enter presses in a Relay modal"), as New Parallel Task does for a caller's prompt.
import { l10n } from '../../core/l10n';
import { askModal } from '../dialogs/modal';
import type { ReviewRange } from './review-subject';

export interface ReviewQuestion {
  /** The repository's top folder. */
  repository: string;
  range: ReviewRange;
  /** How many changed files would be sent. */
  files: number;
  /** The model the review would run on, as the chat's header names it. */
  model: string;
}

/** Whether the review may run; integration tests answer it, the default is the modal below. */
export type ConfirmReview = (question: ReviewQuestion) => Promise<boolean>;

/** The modal: what would be sent where; Enter and Escape send nothing, a host that shows no dialogs reviews nothing. */
export async function modalConfirmReview(question: ReviewQuestion): Promise<boolean> {
  const review = l10n.t('Review');
  const keep = l10n.t('Do Not Review');
  const changes = question.range.type === 'working-tree' ? l10n.t("the working tree's changes against HEAD") : l10n.t('the branch {0} against {1}', question.range.branch, question.range.base);
  const answer = await askModal({
    level: 'warning',
    message: question.files === 1 ? l10n.t('Review 1 changed file with {0}?', question.model) : l10n.t('Review {0} changed files with {1}?', question.files, question.model),
    detail: l10n.t(
      'Relay would send {0} in {1} to {2}, a model turn on your API key. Any extension can run Review My Changes: review only if you just asked for it.',
      changes,
      question.repository,
      question.model,
    ),
    origin: 'unasked',
    actions: [review],
    safe: [keep],
  }).catch(() => keep);
  return answer === review;
}
