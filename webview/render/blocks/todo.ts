import type { DisplayBlock, TodoStatus } from '../../../src/shared/chat-model';
import { h } from '../../dom';
import { icon, type IconName } from '../../icons';
import type { BlockContext } from './context';
import { t } from '../../strings';

const STATUS: Record<TodoStatus, { icon: IconName; readonly label: string }> = {
  pending: {
    icon: 'todoPending',
    get label() {
      return t('todoPending');
    },
  },
  in_progress: {
    icon: 'todoActive',
    get label() {
      return t('todoInProgress');
    },
  },
  done: {
    icon: 'todoDone',
    get label() {
      return t('todoDone');
    },
  },
};

export function renderTodoBlock(block: DisplayBlock, { doc }: BlockContext): HTMLElement {
  const fields = block as Record<string, unknown>;
  const items = Array.isArray(fields.items) ? (fields.items as { text?: unknown; status?: unknown }[]) : [];
  const list = h(doc, 'ul', { className: 'todo-list' });
  for (const item of items) {
    const status = STATUS[item?.status as TodoStatus] ?? STATUS.pending;
    const key = (item?.status as string) in STATUS ? (item.status as string) : 'pending';
    list.append(
      h(doc, 'li', { className: `todo-item todo-${key}` }, [
        icon(doc, status.icon),
        h(doc, 'span', { className: 'todo-text', text: String(item?.text ?? '') }),
        h(doc, 'span', { className: 'visually-hidden', text: ` (${status.label})` }),
      ]),
    );
  }
  return h(doc, 'div', { className: 'block block-todo' }, [list]);
}
