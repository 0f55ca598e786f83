// Chips for mentions and images: in the composer while a message is written (removable) and under a sent
// message. Each shows what it is and the size it added; the full figures are in its tooltip.
import { formatCount, formatSize } from '../../src/shared/format-numbers';
import type { AttachmentChip, AttachmentKind } from '../../src/shared/chat-model';
import { t } from '../strings';
import { h } from '../dom';
import { icon, type IconName } from '../icons';

const KIND_ICON: Record<AttachmentKind, IconName> = {
  file: 'file',
  folder: 'folder',
  selection: 'selection',
  problems: 'warning',
  terminal: 'terminal',
  changes: 'changes',
  url: 'link',
  image: 'image',
};

export interface ChipOptions {
  kind: AttachmentKind;
  label: string;
  /** Undefined while the host is still measuring it. */
  chip?: AttachmentChip;
  onRemove?: () => void;
  /** An image's thumbnail (a data: URL, which the CSP allows). */
  thumbnail?: string;
}

export function attachmentChip(doc: Document, options: ChipOptions): HTMLElement {
  const { chip } = options;
  const size = h(doc, 'span', { className: 'chip-size', text: chip ? formatSize(chip.chars) : '…' });
  const label = h(doc, 'span', { className: 'chip-label', text: options.label });
  const lead: Node = options.thumbnail ? h(doc, 'img', { className: 'chip-thumbnail', attrs: { src: options.thumbnail, alt: '' } }) : icon(doc, KIND_ICON[options.kind]);
  const element = h(doc, 'span', { className: `attachment-chip chip-${options.kind}`, data: { kind: options.kind, label: options.label } }, [lead, label, size]);
  element.classList.toggle('chip-error', chip?.error === true);
  element.title = chipTitle(options);
  if (options.onRemove) {
    const remove = h(doc, 'button', { className: 'chip-remove', attrs: { type: 'button', 'aria-label': t('chipRemove', options.label), title: t('chipRemoveShort') } }, [icon(doc, 'close')]);
    remove.addEventListener('click', options.onRemove);
    element.append(remove);
  }
  return element;
}

/** Updates a chip drawn before its size was known. */
export function setChipSize(element: HTMLElement, options: ChipOptions): void {
  const size = element.querySelector('.chip-size');
  if (size) size.textContent = options.chip ? formatSize(options.chip.chars) : '…';
  element.classList.toggle('chip-error', options.chip?.error === true);
  element.title = chipTitle(options);
}

function chipTitle({ label, chip }: ChipOptions): string {
  if (!chip) return t('chipMeasuring', label);
  const size = chip.kind === 'image' ? formatSize(chip.chars) : t('chipSizeText', formatCount(chip.chars), formatCount(chip.tokens));
  return `${label}: ${chip.error ? '' : t('chipAdds', size)}${chip.note ? `${chip.error ? '' : ' · '}${chip.note}` : ''}`;
}

/** The chips under a sent message. */
export function attachmentRow(doc: Document, chips: readonly AttachmentChip[]): HTMLElement {
  return h(
    doc,
    'div',
    { className: 'attachment-row', attrs: { 'aria-label': t('attached') } },
    chips.map((chip) => attachmentChip(doc, { kind: chip.kind, label: chip.label, chip })),
  );
}
