Ingram, Jo             1300;
Kaur, Simran           1240;
Lam, Henry             1180;
Moana, Tui             1120;
Nguyen, Bao            1060;
O'Neill, Kate          1000;
Patel, Ravi             940;
