/** The chat API's shapes (@kollab/contract/api/chat). */
export type { ChatMessage, Conversation } from '@kollab/contract/api/chat';

/** The API's limit on a message body. */
export const MAX_MESSAGE_LENGTH = 2000;
/** Messages per page of history. */
export const PAGE_SIZE = 50;
