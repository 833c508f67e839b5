import { Card, CardGrid } from './Card';
import { Skeleton } from './States';
import { VisuallyHidden } from './VisuallyHidden';

export interface CardListSkeletonProps {
  /** Announced while the list loads, e.g. 'Loading theaters...'. */
  label: string;
  /** How many placeholder cards. */
  cards?: number;
  /** Grey lines in each card, about as many as a real card has. */
  lines?: number;
}

export interface CardSkeletonProps {
  /** Announced while the content loads, e.g. 'Loading the show...'. */
  label: string;
  /** Grey lines, about as many as the card to come has. */
  lines?: number;
}

/** A grey card in the shape of the one to come, e.g. a show's details while they load. */
export function CardSkeleton({ label, lines = 3 }: CardSkeletonProps) {
  return (
    <Card>
      <Skeleton lines={lines} label={label} />
    </Card>
  );
}

/** Grey cards in the shape of a CardGrid to come, so the page does not jump when it arrives. */
export function CardListSkeleton({ label, cards = 3, lines = 4 }: CardListSkeletonProps) {
  return (
    <div role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <CardGrid aria-hidden="true">
        {Array.from({ length: cards }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders have no identity
          <li key={index}>
            <CardSkeleton lines={lines} label="" />
          </li>
        ))}
      </CardGrid>
    </div>
  );
}
