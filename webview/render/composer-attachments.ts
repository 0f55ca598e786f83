// What a message being written carries besides its text: the mentions picked or dropped (chips whose size the
// host measures) and pasted or dropped images (read here, checked against the shared limits). A mention is its
// chip alone (its token is not in the text): the message carries the chips' tokens, and removing the chip removes it.
import type { AttachmentChip, MentionSuggestion } from '../../src/shared/chat-model';
import { IMAGE_MEDIA_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES } from '../../src/shared/images';
import { formatSize } from '../../src/shared/format-numbers';
import { t } from '../strings';
import { h } from '../dom';
import { attachmentChip, setChipSize } from './attachment-chips';

export interface PendingImage {
  name: string;
  mediaType: (typeof IMAGE_MEDIA_TYPES)[number];
  data: string;
}

interface MentionEntry {
  suggestion: MentionSuggestion;
  chip: AttachmentChip | undefined;
  element: HTMLElement;
}

interface ImageEntry {
  image: PendingImage;
  element: HTMLElement;
}

export interface AttachmentEvents {
  /** A chip's × was pressed (the chip is gone). */
  removedMention(): void;
  changed(): void;
  /** "Switch Model" under the warning that the model takes no images: the model picker. */
  switchModel(): void;
}

export class ComposerAttachments {
  readonly element: HTMLElement;
  readonly notice: HTMLElement;
  private readonly mentions = new Map<string, MentionEntry>();
  private readonly images: ImageEntry[] = [];
  private problem: string | undefined;
  /** The notice's text as last drawn, so its buttons are not rebuilt (and focus lost) on every keystroke. */
  private drawnNotice = '';

  constructor(
    private readonly doc: Document,
    private readonly events: AttachmentEvents,
  ) {
    this.element = h(doc, 'div', { className: 'composer-chips', attrs: { 'aria-label': 'Attachments' } });
    this.notice = h(doc, 'div', { className: 'composer-notice', attrs: { role: 'alert' } });
    this.element.hidden = true;
    this.notice.hidden = true;
  }

  get imageCount(): number {
    return this.images.length;
  }

  get pendingImages(): PendingImage[] {
    return this.images.map((entry) => entry.image);
  }

  /** `chip`: its size when already known (a chip taken over from a view built again). */
  addMention(suggestion: MentionSuggestion, chip?: AttachmentChip): boolean {
    if (this.mentions.has(suggestion.token)) return false;
    const element = attachmentChip(this.doc, { kind: suggestion.kind, label: suggestion.label, chip, onRemove: () => this.removeMention(suggestion.token) });
    this.mentions.set(suggestion.token, { suggestion, chip, element });
    this.refresh();
    return true;
  }

  /** The mentions with their sizes where the host answered (undefined while it measures), in the chips' order. */
  get pendingMentions(): { suggestion: MentionSuggestion; chip: AttachmentChip | undefined }[] {
    return [...this.mentions.values()].map(({ suggestion, chip }) => ({ suggestion, chip }));
  }

  setMentionSize(token: string, chip: AttachmentChip | undefined): void {
    const entry = this.mentions.get(token);
    if (!entry) return;
    // A path that names nothing is not a mention after all (it stays plain text).
    entry.chip = chip ?? { kind: entry.suggestion.kind, label: entry.suggestion.label, chars: 0, tokens: 0, note: t('notInWorkspace'), error: true };
    setChipSize(entry.element, { kind: entry.suggestion.kind, label: entry.suggestion.label, chip: entry.chip });
  }

  /** The picked mentions' tokens, in the order of their chips: what the message carries besides its text. */
  get mentionTokens(): string[] {
    return [...this.mentions.keys()];
  }

  private removeMention(token: string): void {
    if (!this.mentions.delete(token)) return;
    this.refresh();
    this.events.removedMention();
  }

  /** Reads image files (paste or drop); refused ones are named in the notice. */
  async addImageFiles(files: readonly File[]): Promise<void> {
    const problems: string[] = [];
    for (const file of files) {
      if (this.images.length >= MAX_IMAGES) {
        problems.push(t('imagesTooMany', MAX_IMAGES));
        break;
      }
      const mediaType = IMAGE_MEDIA_TYPES.find((t) => t === file.type);
      if (!mediaType) {
        problems.push(t('imageWrongType', file.name || t('thatFile')));
        continue;
      }
      if (file.size > MAX_IMAGE_BYTES) {
        problems.push(t('imageTooBig', file.name || t('theImage'), formatSize(file.size), formatSize(MAX_IMAGE_BYTES)));
        continue;
      }
      const dataUrl = await readAsDataUrl(this.doc, file);
      const data = dataUrl.slice(dataUrl.indexOf(',') + 1);
      const name = file.name || `pasted-image-${this.images.length + 1}.${mediaType.slice(6)}`;
      this.pushImage({ name, mediaType, data }, file.size);
    }
    this.problem = problems.length ? problems.join(t('problemsJoin')) : undefined;
    this.refresh();
  }

  /** Images read before (a view built again takes them over), as they were: already checked. */
  addImages(images: readonly PendingImage[]): void {
    for (const image of images) this.pushImage(image, base64Bytes(image.data));
    this.refresh();
  }

  private pushImage(image: PendingImage, bytes: number): void {
    const chip: AttachmentChip = { kind: 'image', label: image.name, chars: bytes, tokens: 0 };
    const thumbnail = `data:${image.mediaType};base64,${image.data}`;
    const entry: ImageEntry = {
      image,
      element: attachmentChip(this.doc, { kind: 'image', label: image.name, chip, thumbnail, onRemove: () => this.removeImage(entry) }),
    };
    this.images.push(entry);
  }

  /** Whether images may be sent, given what the selected model takes; false shows why. */
  blocksSending(imagesSupported: boolean | undefined, model: string | undefined): boolean {
    const blocked = this.images.length > 0 && imagesSupported === false;
    const unsupported = blocked ? t('imagesUnsupported', model ?? t('selectedModel')) : undefined;
    const text = [unsupported, this.problem].filter(Boolean).join(' ');
    if (text !== this.drawnNotice || this.notice.hidden !== !text) this.drawNotice(text, blocked);
    return blocked;
  }

  /** The notice, with the two ways out when the model takes no images: another model, or without the images. */
  private drawNotice(text: string, blocked: boolean): void {
    this.drawnNotice = text;
    const children: HTMLElement[] = [h(this.doc, 'span', { className: 'composer-notice-text', text })];
    if (blocked) {
      const action = (label: string, run: () => void) => {
        const node = h(this.doc, 'button', { className: 'secondary-button', attrs: { type: 'button' }, text: label });
        node.addEventListener('click', run);
        return node;
      };
      children.push(
        h(this.doc, 'div', { className: 'composer-notice-actions' }, [
          action(t('switchModel'), () => this.events.switchModel()),
          action(this.images.length === 1 ? t('removeImage') : t('removeImages'), () => this.removeAllImages()),
        ]),
      );
    }
    this.notice.replaceChildren(...children);
    this.notice.hidden = !text;
  }

  private removeAllImages(): void {
    this.images.splice(0);
    this.refresh();
  }

  clear(): void {
    this.mentions.clear();
    this.images.splice(0);
    this.problem = undefined;
    this.refresh();
  }

  private removeImage(entry: ImageEntry): void {
    const at = this.images.indexOf(entry);
    if (at >= 0) this.images.splice(at, 1);
    this.refresh();
  }

  private refresh(): void {
    this.element.replaceChildren(...[...this.mentions.values()].map((m) => m.element), ...this.images.map((i) => i.element));
    this.element.hidden = this.mentions.size === 0 && this.images.length === 0;
    this.events.changed();
  }
}

/** The bytes a base64 text holds. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

function readAsDataUrl(doc: Document, file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const Reader = (doc.defaultView as (Window & typeof globalThis) | null)?.FileReader ?? FileReader;
    const reader = new Reader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('the image could not be read'));
    reader.readAsDataURL(file);
  });
}
