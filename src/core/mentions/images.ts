// Images pasted or dropped into the composer, on the host: the limits (src/shared/images.ts) checked again,
// the bytes a base64 string holds, and what an image costs in tokens.

import { IMAGE_MEDIA_TYPES, type ImageMediaType, MAX_IMAGE_BYTES } from '../../shared/images';
import { l10n } from '../l10n';
import { formatSize } from '../../shared/format-numbers';

export { IMAGE_MEDIA_TYPES, MAX_IMAGE_BASE64_CHARS, MAX_IMAGE_BYTES, MAX_IMAGES, type ImageMediaType } from '../../shared/images';

/** Providers bill an image by its pixels; ~1,600 tokens is Anthropic's figure for a 1.15 megapixel image. */
export const IMAGE_TOKEN_ESTIMATE = 1_600;

export interface ImageInput {
  name: string;
  mediaType: string;
  /** Base64, no data: prefix. */
  data: string;
}

export function isImageMediaType(type: string): type is ImageMediaType {
  return (IMAGE_MEDIA_TYPES as readonly string[]).includes(type);
}

/** Bytes encoded by a base64 string. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - padding;
}

/** Why an image cannot be attached, or undefined when it can. */
export function imageProblem(image: { name: string; mediaType: string; bytes: number }): string | undefined {
  if (!isImageMediaType(image.mediaType)) return l10n.t('{0}: only PNG, JPEG, WebP and GIF images can be attached', image.name);
  if (image.bytes > MAX_IMAGE_BYTES) return l10n.t('{0} is {1}; images up to {2} can be attached', image.name, formatSize(image.bytes), formatSize(MAX_IMAGE_BYTES));
  return undefined;
}
