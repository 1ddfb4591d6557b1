// What every browser test of the page shares: its settings read from the environment, and the
// numbered checks it prints (`ok 3 the board turns`), any failed one throwing.

// The value of the environment variable `name`; a test without it cannot run.
export const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

let made = 0;

// Checks `condition`, printing `what` numbered; throws (the test fails) when it does not hold.
export function check(condition, what) {
  if (!condition) throw new Error(`check failed: ${what}`);
  made += 1;
  console.log(`ok ${made} ${what}`);
}

// How many checks were made so far.
export const checksMade = () => made;
