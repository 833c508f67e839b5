import { expectPath } from '@cinema/test-utils';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';

describe('NotFoundPage', () => {
  it('answers an unknown account path with Page not found... and a way home', async () => {
    const { user } = renderApp('/auth/nothing-here');

    expect(screen.getByRole('heading', { level: 1, name: 'Page not found...' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Back to Home' }));
    await expectPath('/');
  });
});
