import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from '../cx';
import styles from './Card.module.css';
import surface from './Surface.module.css';

/**
 * The card's surface (border, corners, background, shadow) for an element that is not a Card,
 * e.g. a section of a page; add the element's own padding and layout beside it.
 */
export const surfaceClassName = cx(surface.surface);

export interface CardProps extends Omit<ComponentPropsWithRef<'div'>, 'title'> {
  heading?: ReactNode;
  /** Level of the heading in the page outline; cards in a list under the page's h1 use 2. */
  headingLevel?: 2 | 3 | 4;
  /** Actions at the bottom, e.g. a 'View Shows' button. */
  footer?: ReactNode;
}

export function Card({
  heading,
  headingLevel = 2,
  footer,
  className,
  children,
  ...divProps
}: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div {...divProps} className={cx(surfaceClassName, styles.card, className)}>
      {heading !== undefined && <Heading className={styles.heading}>{heading}</Heading>}
      {children !== undefined && <div className={styles.body}>{children}</div>}
      {footer !== undefined && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}

/** A responsive list of cards: several per row on wide screens, one on a phone. */
export function CardGrid({ className, children, ...listProps }: ComponentPropsWithRef<'ul'>) {
  return (
    <ul {...listProps} className={cx(styles.grid, className)}>
      {children}
    </ul>
  );
}
