// The chart, apart from the package's shared entry: only the admin's screens draw charts, so it is
// bundled with them (`@cinema/ui/bar-chart`) instead of downloaded with every page.
export { BarChart, type BarChartProps } from './components/BarChart';
export { niceCeiling } from './components/chartScale';
