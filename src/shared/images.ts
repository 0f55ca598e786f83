// Images the composer can attach: formats, size and count. Shared by the webview (which says at once why an
// image cannot be attached), the protocol schema and the host (which checks again: the webview is untrusted).

export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMediaType = (typeof IMAGE_MEDIA_TYPES)[number];

/** Anthropic refuses images over 5 MB and OpenAI over 20 MB; the smaller limit serves both. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES = 5;
/** Base64 is 4 characters for every 3 bytes. */
export const MAX_IMAGE_BASE64_CHARS = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
