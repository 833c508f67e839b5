import { fakeApi, json } from '@cinema/test-utils';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { movie, paged } from '../../test/fixtures';
import { renderApp } from '../../test/renderApp';

const FIRST_PAGE = 'GET movies/?page=1&page_size=20';
const POSTER = {
  src: '/api/posters/4/0123456789abcdef/320.webp',
  srcset:
    '/api/posters/4/0123456789abcdef/160.webp 160w, /api/posters/4/0123456789abcdef/320.webp 320w, /api/posters/4/0123456789abcdef/640.webp 640w',
  width: 320,
  height: 480,
};
const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'dune.png', { type: 'image/png' });

async function card() {
  const list = await screen.findByRole('list', { name: 'Movies' });
  return within(list).getAllByRole('listitem')[0] as HTMLElement;
}

describe('MoviePoster', () => {
  it('uploads the chosen image as it is, then shows the poster the API made, with srcset', async () => {
    let saved = false;
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([movie({ poster: saved ? POSTER : null })])),
      'PUT movies/4/poster/': () => {
        saved = true;
        return json(200, POSTER);
      },
    });
    const { user } = renderApp('/owner/movies');
    const first = await card();
    expect(first.querySelector('img')).toBeNull();

    const file = png();
    await user.upload(within(first).getByLabelText('Add poster'), file);

    expect(await screen.findByText('Poster of Dune saved.')).toBeVisible();
    const [upload] = api.callsTo('PUT movies/4/poster/');
    expect(upload?.body).toBe(file);
    expect(upload?.headers.get('Content-Type')).toBe('image/png');
    const image = await within(await card()).findByRole('presentation');
    expect(image).toHaveAttribute('src', POSTER.src);
    expect(image).toHaveAttribute('srcset', POSTER.srcset);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '320');
  });

  it('refuses a file of another type or over 5 MB before sending it, and says the server’s reason', async () => {
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([movie()])),
      'PUT movies/4/poster/': () =>
        json(400, {
          detail: 'The poster must be at least 320 × 480 pixels.',
          code: 'validation_error',
          fields: { poster: 'The poster must be at least 320 × 480 pixels.' },
        }),
    });
    renderApp('/owner/movies');
    // A file picker's 'All files' lets any file through the field's accept list.
    const user = userEvent.setup({ applyAccept: false });
    const field = within(await card()).getByLabelText('Add poster');

    await user.upload(field, new File(['GIF89a'], 'dune.gif', { type: 'image/gif' }));
    expect(await screen.findByText('The poster must be a JPEG, PNG or WebP image.')).toBeVisible();
    await user.upload(field, png(5 * 1024 * 1024 + 1));
    expect(await screen.findByText('The poster must be at most 5 MB.')).toBeVisible();
    expect(api.callsTo('PUT movies/4/poster/')).toHaveLength(0);

    await user.upload(field, png());
    expect(await screen.findByText('The poster must be at least 320 × 480 pixels.')).toBeVisible();
    expect(field).toHaveAccessibleDescription(
      'Dune JPEG, PNG or WebP, at most 5 MB; cut to 2:3. The poster must be at least 320 × 480 pixels.',
    );
    expect(field).toBeInvalid();
  });

  it('removes a poster', async () => {
    let removed = false;
    const api = fakeApi({
      [FIRST_PAGE]: () => json(200, paged([movie({ poster: removed ? null : POSTER })])),
      'DELETE movies/4/poster/': () => {
        removed = true;
        return json(204);
      },
    });
    const { user } = renderApp('/owner/movies');
    await user.click(within(await card()).getByRole('button', { name: 'Remove poster' }));

    expect(await screen.findByText('Poster of Dune removed.')).toBeVisible();
    expect(api.callsTo('DELETE movies/4/poster/')).toHaveLength(1);
    expect(within(await card()).queryByRole('button', { name: 'Remove poster' })).toBeNull();
  });
});
