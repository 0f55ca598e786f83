// A user message's attachments: the content of its mentions (as text parts after the message text) and its
// images (as image parts), with one chip per attachment for the chat.
import type { AttachmentChip } from '../../shared/chat-model';
import type { UserPart } from '../model/provider';
import { l10n } from '../l10n';
import type { MentionSources } from '../ports/mention-sources';
import { base64Bytes, IMAGE_TOKEN_ESTIMATE, imageProblem, type ImageInput, isImageMediaType, MAX_IMAGES } from './images';
import { resolveMentions } from './resolve';

export interface BuiltAttachments {
  parts: UserPart[];
  chips: AttachmentChip[];
}

export interface AttachOptions {
  /** The selected model reads images; when false, images are left out and their chips say why. */
  supportsImages: boolean;
  signal: AbortSignal;
  /** The mentions picked in the composer (chips, not in the text): resolved as if typed before the text. */
  picked?: readonly string[];
}

export async function buildAttachments(
  text: string,
  images: readonly ImageInput[],
  sources: MentionSources,
  options: AttachOptions,
): Promise<BuiltAttachments> {
  const parts: UserPart[] = [];
  const chips: AttachmentChip[] = [];
  for (const attachment of await resolveMentions([...(options.picked ?? []), text].join('\n'), sources, options.signal)) {
    if (attachment.text) parts.push({ type: 'text', text: attachment.text });
    chips.push(attachment.chip);
  }
  for (const [i, image] of images.entries()) {
    const bytes = base64Bytes(image.data);
    const chip: AttachmentChip = { kind: 'image', label: image.name, chars: bytes, tokens: IMAGE_TOKEN_ESTIMATE };
    const problem =
      i >= MAX_IMAGES
        ? l10n.t('only {0} images can be attached to one message', MAX_IMAGES)
        : !options.supportsImages
          ? l10n.t('the selected model does not take images')
          : imageProblem({ name: image.name, mediaType: image.mediaType, bytes });
    if (problem || !isImageMediaType(image.mediaType)) {
      chips.push({ ...chip, tokens: 0, note: problem ?? l10n.t('unsupported image type'), error: true });
      continue;
    }
    parts.push({ type: 'image', mediaType: image.mediaType, data: image.data });
    chips.push(chip);
  }
  return { parts, chips };
}
