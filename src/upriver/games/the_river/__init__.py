"""The River (Days of Wonder, 2018), rulebook 003."""
