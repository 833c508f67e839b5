import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Card } from './Card';
import { PageTitle } from './PageTitle';
import { Sidebar } from './Sidebar';
import { EmptyState, ErrorState, Loading, NotFound, Skeleton } from './States';
import { Table } from './Table';

interface Booking {
  id: number;
  movie_name: string;
  total_price: number;
}

describe('Table', () => {
  const columns = [
    { id: 'movie', header: 'Movie', cell: (row: Booking) => row.movie_name },
    {
      id: 'price',
      header: 'Total',
      cell: (row: Booking) => `₹${row.total_price}`,
      align: 'end' as const,
    },
  ];

  it('renders a named table with column headers and a row per item', () => {
    const rows: Booking[] = [
      { id: 1, movie_name: 'Dune', total_price: 200 },
      { id: 2, movie_name: 'Heat', total_price: 100 },
    ];
    render(<Table caption="Bookings" columns={columns} rows={rows} rowKey={(row) => row.id} />);

    const table = screen.getByRole('table', { name: 'Bookings' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Movie', 'Total']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    // A named, focusable group to scroll by keyboard; not a landmark repeating the page's own.
    expect(screen.getByRole('group', { name: 'Bookings' })).toHaveAttribute('tabindex', '0');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it("labels each value with its column's name for the narrow card layout, hidden from screen readers", () => {
    render(
      <Table
        caption="Bookings"
        captionHidden
        columns={columns}
        rows={[{ id: 1, movie_name: 'Dune', total_price: 200 }]}
        rowKey={(row) => row.id}
      />,
    );
    // Drawn by CSS with an empty alternative text: not in the cell's text or name.
    const cell = screen.getByRole('cell', { name: '₹200' });
    expect(cell).toHaveTextContent(/^₹200$/);
    expect(cell).toHaveAttribute('data-label', 'Total');
    // A hidden caption still names the table.
    expect(screen.getByRole('table', { name: 'Bookings' })).toBeInTheDocument();
  });

  it('shows the empty message when there are no rows', () => {
    render(
      <Table
        caption="Bookings"
        columns={columns}
        rows={[]}
        rowKey={(row) => row.id}
        emptyMessage="No bookings found."
      />,
    );
    expect(screen.getByRole('cell', { name: 'No bookings found.' })).toBeInTheDocument();
  });
});

describe('Sidebar', () => {
  it('renders section buttons and marks the current one', async () => {
    const onSelect = vi.fn();
    const items = [
      { id: 'theaters', label: 'Theaters' },
      { id: 'movies', label: 'Movies' },
    ];
    render(<Sidebar label="Admin panel" items={items} currentId="theaters" onSelect={onSelect} />);

    const nav = screen.getByRole('navigation', { name: 'Admin panel' });
    expect(within(nav).getByRole('button', { name: 'Theaters' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await userEvent.click(within(nav).getByRole('button', { name: 'Movies' }));
    expect(onSelect).toHaveBeenCalledWith('movies');
  });

  it('renders link items through the caller, e.g. a router link', () => {
    render(
      <Sidebar
        label="Owner"
        items={[{ id: 'shows', label: 'Shows', href: '/owner/shows' }]}
        currentId="shows"
        renderLink={(_item, props) => <a data-router-link {...props} />}
      />,
    );
    const link = screen.getByRole('link', { name: 'Shows' });
    expect(link).toHaveAttribute('href', '/owner/shows');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(link).toHaveAttribute('data-router-link');
  });
});

describe('states', () => {
  it('EmptyState shows its message', () => {
    render(<EmptyState message="No theaters found." />);
    expect(screen.getByText('No theaters found.')).toBeVisible();
  });

  it('ErrorState announces its message and retries on request', async () => {
    const onRetry = vi.fn();
    render(<ErrorState message="Failed to load seats" onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load seats');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('Loading and Skeleton are announced as status', () => {
    render(
      <>
        <Loading label="Loading profile..." />
        <Skeleton lines={2} label="Loading theaters..." />
      </>,
    );
    const statuses = screen.getAllByRole('status');
    expect(statuses[0]).toHaveTextContent('Loading profile...');
    expect(statuses[1]).toHaveTextContent('Loading theaters...');
  });
});

describe('Card and PageTitle', () => {
  it('Card shows its heading, body and footer', () => {
    render(
      <Card heading="PVR Forum" footer={<button type="button">View Running Movies</button>}>
        Koramangala
      </Card>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'PVR Forum' })).toBeInTheDocument();
    expect(screen.getByText('Koramangala')).toBeVisible();
    expect(screen.getByRole('button', { name: 'View Running Movies' })).toBeInTheDocument();
  });

  it("PageTitle is the h1 and names the browser tab '{heading} · CineBook'", () => {
    render(<PageTitle>Login</PageTitle>);
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(document.title).toBe('Login · CineBook');
  });
});

describe('NotFound', () => {
  it('says the page was not found and offers a way home', async () => {
    const onHome = vi.fn();
    render(<NotFound onHome={onHome} />);
    expect(screen.getByRole('heading', { name: 'Page not found...' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found... · CineBook');
    await userEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(onHome).toHaveBeenCalledOnce();
  });
});
