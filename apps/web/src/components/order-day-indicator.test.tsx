import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderDayIndicator } from './order-day-indicator';

// Monday 2 March 2026 … Sunday 8 March 2026, local time.
const day = (d: number) => new Date(2026, 2, d, 6, 0, 0);

function show(orderDay: number | null, today: Date) {
  render(
    <ThemeProvider theme={createTheme()}>
      <OrderDayIndicator orderDay={orderDay} today={today} />
    </ThemeProvider>,
  );
  return screen.getByTestId('order-day');
}

describe('days-to-order-day indicator', () => {
  it('on the order day: Today is your order day, in red', () => {
    const el = show(3, day(4)); // Wednesday order day, today Wednesday
    expect(el).toHaveTextContent('Today is your order day');
    expect(el).toHaveTextContent('Order day: Wednesday');
    expect(el).toHaveAttribute('data-colour', 'red');
  });

  it.each([
    // [order day, today (date in March 2026), days, colour]
    [3, 3, 1, 'red'], // Tue → Wed
    [3, 2, 2, 'orange'], // Mon → Wed
    [3, 8, 3, 'yellow'], // Sun → Wed (Sunday counts as 7)
    [3, 7, 4, 'yellow'], // Sat → Wed
    [3, 6, 5, 'green'], // Fri → Wed
    [3, 5, 6, 'green'], // Thu → Wed
    [1, 8, 1, 'red'], // Sun → Mon
    [7, 2, 6, 'green'], // Mon → Sun
  ])('order day %i seen on March %i: %i days, %s', (orderDay, date, days, colour) => {
    const el = show(orderDay, day(date));
    expect(el).toHaveTextContent(`${days} ${days === 1 ? 'day' : 'days'} to your order day`);
    expect(el).toHaveAttribute('data-colour', colour);
  });

  it('code 0 shows NA and code 8 shows OT, without a colour', () => {
    expect(show(0, day(2))).toHaveTextContent('NA');
    document.body.innerHTML = '';
    const ot = show(8, day(2));
    expect(ot).toHaveTextContent('OT');
    expect(ot).toHaveAttribute('data-colour', 'none');
  });
});
