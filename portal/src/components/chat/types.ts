/** `ChatMessage` from the chat API (api/src/modules/chat/chat.schemas.ts). */
export interface ChatMessage {
  id: number;
  claimId: string;
  author: {
    id: string | null;
    name: string;
    role: 'creator' | 'brand' | 'admin' | 'deleted';
    image: string | null;
  };
  body: string;
  createdAt: string;
}

/** `Conversation` from `GET /api/conversations`: one per claim. */
export interface Conversation {
  claimId: string;
  campaign: { id: string; title: string };
  claimStatus: string;
  counterpart: { id: string; name: string; image: string | null; role: 'creator' | 'brand' };
  lastMessage: ChatMessage | null;
  unread: number;
  /** How far the other party has read: drives the ✓✓ "read" ticks. */
  counterpartLastReadId: number;
}

/** The API's limit on a message body. */
export const MAX_MESSAGE_LENGTH = 2000;
/** Messages per page of history. */
export const PAGE_SIZE = 50;
