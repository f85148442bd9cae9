-- Lists sorted by name, code or city follow the Croatian alphabet (A B C Č Ć D Dž Đ … S Š … Z Ž),
-- case-insensitively, instead of byte order, where Čakovec, Đakovo and Šibenik came after Zagreb.
--
-- `hr_sort` is an ICU collation. PostgreSQL 16+ (and PGlite, whose ICU data holds only the root
-- locale) take the Croatian letters as tailoring rules on the root collation; PostgreSQL 15 takes
-- ICU's own Croatian locale, which has the same letters. A server built without ICU gets a copy of
-- "C" so that the queries that name the collation still run (byte order, as before).
do $$
begin
  begin
    execute $r$create collation hr_sort (provider = icu, locale = 'und',
      rules = '&C < č <<< Č < ć <<< Ć &D < dž <<< Dž <<< DŽ < đ <<< Đ &L < lj <<< Lj <<< LJ &N < nj <<< Nj <<< NJ &S < š <<< Š &Z < ž <<< Ž')$r$;
  exception when others then
    begin
      execute 'create collation hr_sort (provider = icu, locale = ''hr-HR'')';
    exception when others then
      execute 'create collation hr_sort from "C"';
    end;
  end;
end
$$;
