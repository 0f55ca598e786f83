// Images pasted or dropped into the composer: which formats, how large, how many. The webview checks the same
// limits before it sends (it shows the reason at once); the host checks again, since the webview is untrusted.

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/** Anthropic refuses images over 5 MB and OpenAI over 20 MB; the smaller limit serves both. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 5;
/** Base64 is 4 characters for every 3 bytes. */
export const MAX_IMAGE_BASE64_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
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
  if (!isImageMediaType(image.mediaType)) return `${image.name}: only PNG, JPEG, WebP and GIF images can be attached`;
  if (image.bytes > MAX_IMAGE_BYTES) return `${image.name} is ${(image.bytes / 1024 / 1024).toFixed(1)} MB; images up to 5 MB can be attached`;
  return undefined;
}
