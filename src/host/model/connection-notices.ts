// The window's one slot for what a connection test and the API key commands tell: "testing…", "connected", "the key
// is stored", "the key was removed". Each replaces the one before it and goes by itself (dialogs/notice-slot.ts).
import { notificationSlot } from '../dialogs/notice';

export const connectionNotices = notificationSlot();
