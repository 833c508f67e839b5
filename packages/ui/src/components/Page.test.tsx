import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CardListSkeleton, CardSkeleton } from './CardListSkeleton';
import { FactList } from './FactList';
import { Page } from './Page';
import { BookingStatus, StatusBadge } from './StatusBadge';

describe('Page', () => {
  it('is headed by its title, names the browser tab after it and shows the intro', () => {
    render(
      <Page title="Theaters" intro={<p>The theaters you own.</p>}>
        <p>PVR Forum</p>
      </Page>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Theaters' })).toBeInTheDocument();
    expect(document.title).toBe('Theaters · CineBook');
    expect(screen.getByText('The theaters you own.')).toBeVisible();
    expect(screen.getByText('PVR Forum')).toBeVisible();
  });
});

describe('FactList', () => {
  it('lists each label with its value', () => {
    render(
      <FactList
        items={[
          { label: 'Language', value: 'English' },
          { label: 'Duration', value: '155 mins' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['Language', 'Duration']);
    expect(definitions).toEqual(['English', '155 mins']);
  });
});

describe('CardListSkeleton', () => {
  it('announces what is loading and draws placeholder cards hidden from screen readers', () => {
    const { container } = render(<CardListSkeleton label="Loading movies..." cards={2} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading movies...');
    expect(container.querySelectorAll('ul[aria-hidden="true"] > li')).toHaveLength(2);
  });
});

describe('CardSkeleton', () => {
  it('announces what is loading in a card of grey lines', () => {
    render(<CardSkeleton label="Loading the show..." lines={2} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the show...');
  });
});

describe('StatusBadge', () => {
  it('says the state in words with a hidden mark, ✓ or ✕ unless another is given', () => {
    render(
      <>
        <StatusBadge tone="positive">Confirmed</StatusBadge>
        <StatusBadge tone="muted">Cancelled</StatusBadge>
        <StatusBadge tone="muted" mark="◷">
          Past
        </StatusBadge>
      </>,
    );
    const confirmed = screen.getByText('Confirmed');
    expect(confirmed).toHaveTextContent('✓Confirmed');
    expect(screen.getByText('Cancelled')).toHaveTextContent('✕Cancelled');
    expect(screen.getByText('Past')).toHaveTextContent('◷Past');
    expect(confirmed.querySelector('[aria-hidden="true"]')).toHaveTextContent('✓');
  });
});

describe('BookingStatus', () => {
  it('is Confirmed with a tick, or Cancelled with a cross', () => {
    render(
      <>
        <BookingStatus cancelled={false} />
        <BookingStatus cancelled />
      </>,
    );
    expect(screen.getByText('Confirmed')).toHaveTextContent('✓Confirmed');
    expect(screen.getByText('Cancelled')).toHaveTextContent('✕Cancelled');
  });
});
