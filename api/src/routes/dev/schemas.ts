// Response schemas of the dev resource: what its handlers send, documented in /api/openapi.json
// and checked against real answers by the tests.
import { z } from 'zod';
import { Timestamp } from '../../http/openapi.ts';

export const OutboxSchema = z.object({
  emails: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string().optional(),
      attachments: z
        .array(
          z.object({
            filename: z.string(),
            content: z.string().meta({ description: 'base64' }),
            contentType: z.string(),
            contentId: z.string().optional().meta({ description: 'Inline: cid:<contentId>' }),
          }),
        )
        .optional(),
      sent_at: Timestamp,
    }),
  ),
});
