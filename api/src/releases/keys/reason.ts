// The body of the release actions that take nothing but a reason (promote, rollback, pause,
// resume, abort): validated like any body, documented as optional, because callers that give
// no reason send no body at all (the admin page, older release CLIs).
import { uniqueSymbol } from 'hono-openapi';
import { validate } from '../../http/errors.ts';
import { json } from '../../http/openapi.ts';
import { reasonBody } from './schemas.ts';

export const validateReason = () =>
  Object.assign(validate('json', reasonBody), {
    [uniqueSymbol]: { spec: { requestBody: { required: false, content: json(reasonBody) } } },
  });
