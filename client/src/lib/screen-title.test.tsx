import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ScreenTitles, useScreenTitle } from './screen-title';

let setWaiting: (n: number) => void = () => {};
function Dashboard() {
  const [waiting, set] = useState(0);
  setWaiting = set;
  useScreenTitle(waiting > 0 ? `(${waiting}) Operator Dashboard` : null);
  return <p>dashboard</p>;
}
function TruckPage({ name }: { name: string | null }) {
  useScreenTitle(name);
  return <p>truck</p>;
}

function app(path: string, truckName: string | null = 'Taco Libre') {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <ScreenTitles />
      <Switch>
        <Route path="/operator-dashboard" component={Dashboard} />
        <Route path="/trucks/:id">{() => <TruckPage name={truckName} />}</Route>
        <Route>{() => <p>other</p>}</Route>
      </Switch>
    </Router>,
  );
  return location;
}

afterEach(() => {
  document.title = '';
});

describe('screen titles', () => {
  it("names the screen at each address, and the screen's own title wins", () => {
    const location = app('/find-trucks');
    expect(document.title).toBe('Find Food Trucks · Food Truck Finder');
    act(() => location.navigate('/trucks/3'));
    expect(document.title).toBe('Taco Libre · Food Truck Finder');
    // Leaving a screen with its own title: the next address's, not the one left behind.
    act(() => location.navigate('/favorites'));
    expect(document.title).toBe('Your Favorite Food Trucks · Food Truck Finder');
    act(() => location.navigate('/'));
    expect(document.title).toBe('Food Truck Finder');
  });

  it('a title with nothing to add (no order waiting) falls back to the address, and follows the count', () => {
    app('/operator-dashboard');
    expect(document.title).toBe('Operator Dashboard · Food Truck Finder');
    act(() => setWaiting(2));
    expect(document.title).toBe('(2) Operator Dashboard · Food Truck Finder');
    act(() => setWaiting(0));
    expect(document.title).toBe('Operator Dashboard · Food Truck Finder');
  });

  it("a screen whose title is not known yet has the app's name meanwhile", () => {
    app('/trucks/3', null);
    expect(document.title).toBe('Food Truck Finder');
  });
});
