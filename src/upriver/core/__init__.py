"""What every game shares: the game contract, seeded randomness, the registry, save/load."""
