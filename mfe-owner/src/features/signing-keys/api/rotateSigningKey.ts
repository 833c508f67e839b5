import { api, type ResponseOf } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SigningKey, signingKeysQueryKey } from './getSigningKeys';

export type SigningKeyRotation = ResponseOf<'/api/tickets/signing-keys/rotate', 'post', 201>;

/**
 * POST tickets/signing-keys/rotate/ {retire} (owners only) -> 201 the new key and the retired kid
 * (api/src/routes/tickets/post-signing-key-rotation.ts). `retire` names the key the owner saw
 * active (null when there is none): a 409 conflict means another one is active now (a second tab,
 * a double click) and nothing changed; 429 after 10 keys a day.
 */
export function rotateSigningKey(retire: SigningKey['kid'] | null): Promise<SigningKeyRotation> {
  return api.post('/api/tickets/signing-keys/rotate', { body: { retire } });
}

/** Rotates, then refreshes the list (also after a 409: it shows which key is active now). */
export function useRotateSigningKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateSigningKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: signingKeysQueryKey }),
  });
}
