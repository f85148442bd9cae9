import { z } from 'zod';

// The contract of the WebSocket /api/realtime: what a browser sends, what the server pushes, and the
// `company_event` notification a committed change raises in the database (relayed to the channel
// `company:<company id>:<topic>`).

/** A browser's message: start or stop listening on a channel. */
export const realtimeClientMessageSchema = z.object({
  type: z.enum(['subscribe', 'unsubscribe']),
  channel: z.string().max(200),
});
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** A server's message: a subscription confirmed, refused or malformed, or an event on a channel. */
export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), channel: z.string() }),
  z.object({ type: z.literal('error'), code: z.string(), channel: z.string().optional() }),
  z.object({ type: z.literal('event'), channel: z.string(), payload: z.unknown() }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;

/** The payload of a `company_event` notification: which rows of which topic changed in which company. */
export const companyEventSchema = z.object({
  company_id: z.string(),
  topic: z.string(),
  ids: z.array(z.union([z.string(), z.number()])).default([]),
});
export type CompanyEvent = z.infer<typeof companyEventSchema>;
