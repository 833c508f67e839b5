// Adds DOM matchers such as toHaveAccessibleDescription to expect.
import '@testing-library/jest-dom/vitest';
