import { api, type SavedScreen, type ScreenChanges } from '@cinema/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { screensQueryKey, showsQueryKey } from '../../../lib/queryKeys';

function updateScreen(screenId: number, changes: ScreenChanges): Promise<SavedScreen> {
  return api.put('/api/screens/{id}', { path: { id: screenId }, body: changes });
}

/**
 * PUT screens/{id}/: saves the name, layout and hold-back. Refreshes the screens (lists, the
 * add-show select) and the shows, whose seat counts change when they are redrawn.
 */
export function useUpdateScreen(screenId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ScreenChanges) => updateScreen(screenId, changes),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: screensQueryKey }),
        queryClient.invalidateQueries({ queryKey: showsQueryKey }),
      ]),
  });
}
