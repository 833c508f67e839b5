import { api, type NewScreen, type Screen } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { screensQueryKey } from '../../../lib/queryKeys';

function createScreen(input: NewScreen): Promise<Screen> {
  return api.post('/api/screens', { body: input });
}

/** POST screens/ {theater, name}: a new screen with the default layout; refreshes every screen list. */
export function useCreateScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createScreen,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: screensQueryKey }),
  });
}
