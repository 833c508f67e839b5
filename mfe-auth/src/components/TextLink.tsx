import { cx } from '@cinema/ui';
import { Link, type LinkProps } from 'react-router-dom';
import styles from './TextLink.module.css';

/** An inline router link in the product's colour, e.g. 'Forgot Password?'. */
export function TextLink({ className, ...linkProps }: LinkProps) {
  return <Link {...linkProps} className={cx(styles.link, className)} />;
}
