"""Each game's common table model, drawn from one seat's view (cardtable.table)."""
