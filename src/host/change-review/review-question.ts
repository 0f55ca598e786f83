// The question before Review My Changes sends anything to the model (issue 37, "Commands another extension can
// call"). The palette, the Source Control title button and another extension's executeCommand reach the command
// alike (a made-up SourceControl with a repository's root is as good as the button's), so Relay cannot tell that
// the person asked: every run asks, naming the repository, how many files and the model. As for every question
// nobody may have asked (README, "What Enter presses in a Relay modal"), Enter gives an answer that sends nothing:
// Show Diff opens the very text the model would get, and the question comes back; Escape (Cancel) reviews nothing.
import { l10n } from '../../core/l10n';
import { askUnasked } from '../dialogs/modal';
import { ReadOnlyReport } from '../dialogs/read-only-report';
import type { ReviewRange } from './review-subject';

export interface ReviewQuestion {
  /** The repository's top folder. */
  repository: string;
  range: ReviewRange;
  /** How many changed files would be sent. */
  files: number;
  /** The model the review would run on, as the chat's header names it. */
  model: string;
  /** The diff the model would be sent (Show Diff opens it). */
  diff: string;
}

/** Whether the review may run; integration tests answer it, the default is the modal below. */
export type ConfirmReview = (question: ReviewQuestion) => Promise<boolean>;

/** The modal: what would be sent where; Enter shows the diff and asks again, Escape and a host without dialogs review nothing. */
export async function modalConfirmReview(question: ReviewQuestion): Promise<boolean> {
  const review = l10n.t('Review');
  const show = l10n.t('Show Diff');
  const cancel = l10n.t('Cancel');
  const changes = question.range.type === 'working-tree' ? l10n.t("the working tree's changes against HEAD") : l10n.t('the branch {0} against {1}', question.range.branch, question.range.base);
  const look = { title: show, show: () => diffDocument.show(`${l10n.t('Changes to review')}.diff`, question.diff) };
  const answer = await askUnasked(
    {
      level: 'warning',
      message: question.files === 1 ? l10n.t('Review 1 changed file with {0}?', question.model) : l10n.t('Review {0} changed files with {1}?', question.files, question.model),
      detail: l10n.t(
        'Relay would send {0} in {1} to {2}, a model turn on your API key. Any extension can run Review My Changes: review only if you just asked for it.',
        changes,
        question.repository,
        question.model,
      ),
      actions: [review],
    },
    look,
    cancel,
  ).catch(() => cancel);
  return answer === review;
}

export const REVIEW_DIFF_SCHEME = 'relay-review-diff';

/** The diff as a read-only document of its own scheme (closing it asks nothing); `.diff` gives it the diff colours. */
const diffDocument = new ReadOnlyReport(REVIEW_DIFF_SCHEME);
