import type { Screen } from '@cinema/api-client';
import {
  buttonClassName,
  Card,
  CardGrid,
  CardListSkeleton,
  EmptyState,
  ErrorState,
  FactList,
  failureMessage,
  failureStatus,
  formatRupees,
  Page,
  plural,
} from '@cinema/ui';
import { useId } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useScreenChoices } from '../../lib/choices';
import { AddScreenForm } from './AddScreenForm';

/** /owner/theaters/:id/screens: a theater's screens, each with its seats and prices, and a new one. */
export function ScreensPage() {
  const theaterId = Number(useParams().id);
  const valid = Number.isSafeInteger(theaterId) && theaterId > 0;
  const screens = useScreenChoices(valid ? theaterId : null);
  const theaterName = screens.data?.[0]?.theater_name;

  if (!valid || (screens.isError && failureStatus(screens.error) === 404)) {
    return (
      <Page title="Theater not found">
        <p>This theater does not exist or is not one of yours.</p>
        <Link to="/owner/theaters">Back to your theaters</Link>
      </Page>
    );
  }
  return (
    <Page
      title={theaterName ? `Screens of ${theaterName}` : 'Screens'}
      intro={<Link to="/owner/theaters">Back to your theaters</Link>}
    >
      {screens.isPending && <CardListSkeleton label="Loading screens..." lines={4} />}
      {screens.isError && (
        <ErrorState
          message={failureMessage(screens.error, 'The screens could not be loaded.')}
          error={screens.error}
          onRetry={() => void screens.refetch()}
        />
      )}
      {screens.data &&
        (screens.data.length === 0 ? (
          <EmptyState message="This theater has no screens yet." />
        ) : (
          <CardGrid aria-label="Screens">
            {screens.data.map((screen) => (
              <li key={screen.id}>
                <ScreenCard screen={screen} />
              </li>
            ))}
          </CardGrid>
        ))}
      <AddScreenForm theaterId={theaterId} />
    </Page>
  );
}

function ScreenCard({ screen }: { screen: Screen }) {
  const headingId = useId();
  const hours = screen.accessible_release_minutes / 60;
  return (
    <Card
      heading={<span id={headingId}>{screen.name}</span>}
      headingLevel={2}
      footer={
        <Link
          to={`/owner/screens/${screen.id}/layout`}
          className={buttonClassName({ variant: 'secondary', size: 'small' })}
          aria-describedby={headingId}
        >
          Edit layout
        </Link>
      }
    >
      <FactList
        items={[
          { label: 'Seats', value: plural(screen.seat_count, 'seat') },
          {
            label: 'Categories',
            value: screen.categories
              .map(
                (category) =>
                  `${category.name} ${formatRupees(category.price)} (${plural(category.seats, 'seat')})`,
              )
              .join(', '),
          },
          {
            label: 'Accessible seats on general sale',
            value: `${hours} ${hours === 1 ? 'hour' : 'hours'} before the show`,
          },
        ]}
      />
    </Card>
  );
}
